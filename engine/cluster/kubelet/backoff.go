package kubelet

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// backoff is client-go's per-key exponential back-off as the kubelet uses
// it (k8s.io/client-go/util/flowcontrol/backoff.go, without jitter, as
// NewBackOff makes it): Next starts a key at the initial duration, or
// doubles it up to the maximum; an entry expires when the event time is
// more than expireAfter after its last update, and the next Next starts it
// over.
type backoff struct {
	initial, max, expireAfter time.Duration
	now                       func() sim.Time
	entries                   map[string]*backoffEntry
}

type backoffEntry struct {
	backoff    time.Duration
	lastUpdate sim.Time
}

// newCrashLoopBackoff is the kubelet's container restart back-off
// (pkg/kubelet/kubelet.go, newCrashLoopBackOff): 10 s doubling to 300 s;
// its HasExpiredFunc resets a container that ran for 600 s since the last
// back-off (t.CrashLoopResetAfter).
func newCrashLoopBackoff(t env.Timings) *backoff {
	return &backoff{initial: t.CrashLoopInitialBackOff, max: t.CrashLoopMaxBackOff, expireAfter: t.CrashLoopResetAfter,
		entries: map[string]*backoffEntry{}}
}

// newImageBackoff is the image pull back-off (kubelet.go: imageBackOffPeriod
// 10 s, MaxImageBackOff 300 s), with flowcontrol's default expiry of
// twice the maximum.
func newImageBackoff() *backoff {
	return &backoff{initial: 10 * time.Second, max: 300 * time.Second, expireAfter: 600 * time.Second,
		entries: map[string]*backoffEntry{}}
}

func (b *backoff) expired(event, lastUpdate sim.Time) bool {
	return event.Sub(lastUpdate) > b.expireAfter
}

// get returns the key's current back-off, 0 without an entry.
func (b *backoff) get(key string) time.Duration {
	if e, ok := b.entries[key]; ok {
		return e.backoff
	}
	return 0
}

// next records a failure at now for the key.
func (b *backoff) next(key string, event, now sim.Time) {
	e, ok := b.entries[key]
	if !ok || b.expired(event, e.lastUpdate) {
		e = &backoffEntry{backoff: b.initial}
		b.entries[key] = e
	} else {
		e.backoff = min(e.backoff*2, b.max)
	}
	e.lastUpdate = now
}

// inBackOffSince reports whether, at now, the key is still backing off from
// an event at event (IsInBackOffSince).
func (b *backoff) inBackOffSince(key string, event, now sim.Time) bool {
	e, ok := b.entries[key]
	if !ok || b.expired(event, e.lastUpdate) {
		return false
	}
	return now.Sub(event) < e.backoff
}

// inBackOffSinceUpdate reports whether the key's back-off since its last
// update still runs at event (IsInBackOffSinceUpdate).
func (b *backoff) inBackOffSinceUpdate(key string, event sim.Time) bool {
	e, ok := b.entries[key]
	if !ok || b.expired(event, e.lastUpdate) {
		return false
	}
	return event.Sub(e.lastUpdate) < e.backoff
}

// gc drops expired entries (GC).
func (b *backoff) gc(now sim.Time) {
	for k, e := range b.entries {
		if b.expired(now, e.lastUpdate) {
			delete(b.entries, k)
		}
	}
}

// forgetPod drops the entries of a Pod, whose keys start with its UID.
func (b *backoff) forgetPod(uid string) {
	for k := range b.entries {
		if strings.HasPrefix(k, uid) {
			delete(b.entries, k)
		}
	}
}
