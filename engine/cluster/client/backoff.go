package client

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The reflector's backoff (k8s.io/client-go/tools/cache/reflector.go,
// NewReflectorWithOptions: wait.NewExponentialBackoffManager(800ms, 30s,
// 2min, 2.0, 1.0)): "backoff will stop at [30,60) sec interval", and is
// reset when it has not been used for 2 minutes.
const (
	ReflectorBackoffInitial = 800 * time.Millisecond
	ReflectorBackoffCap     = 30 * time.Second
	ReflectorBackoffReset   = 2 * time.Minute
	ReflectorBackoffFactor  = 2.0
	ReflectorBackoffJitter  = 1.0
)

// Backoff is client-go's exponential backoff manager
// (k8s.io/apimachinery/pkg/util/wait/backoff.go,
// NewExponentialBackoffManager and delay): Next returns the current
// duration plus a jitter in [0, Jitter·duration), then multiplies the
// duration by Factor; once that would pass Cap the duration stays at Cap.
// When more than ResetAfter has passed since the previous Next, it starts
// again from Initial. Virtual time only: the caller passes the instant.
type Backoff struct {
	Initial, Cap, ResetAfter time.Duration
	Factor, Jitter           float64

	rand      *sim.Rand
	duration  time.Duration
	capped    bool
	lastStart sim.Time
}

// NewBackoff returns a backoff created at now (the reset clock starts
// then, as the manager's lastBackoffStart does). With a nil Rand there is
// no jitter.
func NewBackoff(initial, cap, resetAfter time.Duration, factor, jitter float64, r *sim.Rand, now sim.Time) *Backoff {
	return &Backoff{Initial: initial, Cap: cap, ResetAfter: resetAfter, Factor: factor, Jitter: jitter,
		rand: r, duration: initial, lastStart: now}
}

// NewReflectorBackoff returns the reflector's backoff: 800 ms doubling to
// 30 s, jitter 1.0, reset after 2 minutes.
func NewReflectorBackoff(r *sim.Rand, now sim.Time) *Backoff {
	return NewBackoff(ReflectorBackoffInitial, ReflectorBackoffCap, ReflectorBackoffReset,
		ReflectorBackoffFactor, ReflectorBackoffJitter, r, now)
}

// Next returns how long to wait before the next attempt, at now.
func (b *Backoff) Next(now sim.Time) time.Duration {
	if now.Sub(b.lastStart) > b.ResetAfter {
		b.duration, b.capped = b.Initial, false
	}
	b.lastStart = now
	d := b.duration
	if !b.capped && b.Factor != 0 {
		next := time.Duration(float64(b.duration) * b.Factor)
		if b.Cap > 0 && next > b.Cap {
			next, b.capped = b.Cap, true
		}
		b.duration = next
	}
	if b.Jitter > 0 && b.rand != nil {
		d = b.rand.Jitter(d, b.Jitter)
	}
	return d
}
