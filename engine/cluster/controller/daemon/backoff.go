package daemon

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// backoff is client-go's flowcontrol.Backoff as the controller uses it for
// failed daemon Pods: per key a delay that starts at initial and doubles
// up to max at every step, forgotten after 2·max without one.
type backoff struct {
	initial, max time.Duration
	entries      map[string]backoffEntry
}

type backoffEntry struct {
	delay      time.Duration
	lastUpdate sim.Time
}

func newBackoff(initial, max time.Duration) *backoff {
	return &backoff{initial: initial, max: max, entries: map[string]backoffEntry{}}
}

// get is Get: key's current delay, 0 when it has none.
func (b *backoff) get(key string) time.Duration { return b.entries[key].delay }

// next is Next: the first step sets initial, later ones double the delay
// up to max; a key idle for 2·max starts again.
func (b *backoff) next(key string, now sim.Time) {
	e, ok := b.entries[key]
	if !ok || now.Sub(e.lastUpdate) > 2*b.max {
		b.entries[key] = backoffEntry{delay: b.initial, lastUpdate: now}
		return
	}
	b.entries[key] = backoffEntry{delay: min(2*e.delay, b.max), lastUpdate: now}
}

// inBackoffSinceUpdate is IsInBackOffSinceUpdate: less than key's delay
// has passed since its last step.
func (b *backoff) inBackoffSinceUpdate(key string, now sim.Time) bool {
	e, ok := b.entries[key]
	return ok && now.Sub(e.lastUpdate) < e.delay
}
