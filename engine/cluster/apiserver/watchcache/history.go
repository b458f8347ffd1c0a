package watchcache

import (
	"sort"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// History sizing, as kube-apiserver's watch cache
// (k8s.io/apiserver/pkg/storage/cacher/watch_cache.go).
const (
	// LowerBoundCapacity is defaultLowerBoundCapacity.
	LowerBoundCapacity = 100
	// UpperBoundCapacity is defaultUpperBoundCapacity (100 * 1024).
	UpperBoundCapacity = 100 * 1024
	// EventFreshDuration is eventFreshDuration: the history keeps at least
	// this much time when the capacity allows.
	EventFreshDuration = 75 * time.Second
)

// history is the cyclic buffer of recent events, addressed by absolute
// position (start and end only grow), so a watcher's cursor survives
// evictions and resizes. Its capacity is kube-apiserver's, from
// LowerBoundCapacity; the buffer itself grows toward the capacity as
// events come, from a few slots: most of a cluster's caches (one per
// resource and replica) record few events or none.
type history struct {
	buf []Event
	// limit is the capacity, 0 for LowerBoundCapacity.
	limit      int
	start, end int
	// removed reports whether an event was evicted since the last relist
	// (removedEventSinceRelist).
	removed bool
}

// firstSlots is the size of a history's first buffer.
const firstSlots = 8

func newHistory() history { return history{} }

// capacity is the number of events the history holds before evicting.
func (h *history) capacity() int {
	if h.limit == 0 {
		return LowerBoundCapacity
	}
	return h.limit
}

func (h *history) len() int { return h.end - h.start }

func (h *history) at(pos int) *Event { return &h.buf[pos%len(h.buf)] }

// add appends ev, first resizing as resizeCacheLocked does, then evicting
// the oldest event when full.
func (h *history) add(ev Event) {
	h.resize(ev.At)
	if h.len() == h.capacity() {
		*h.at(h.start) = Event{}
		h.start++
		h.removed = true
	}
	if h.len() == len(h.buf) {
		h.relayout(min(max(2*len(h.buf), firstSlots), h.capacity()))
	}
	*h.at(h.end) = ev
	h.end++
}

// resize changes the capacity when the history is full, as
// resizeCacheLocked does: doubled (up to UpperBoundCapacity) while its
// oldest event is fresher than EventFreshDuration, halved (down to
// LowerBoundCapacity) once even its newest quarter is older.
func (h *history) resize(now sim.Time) {
	c := h.capacity()
	if h.len() < c {
		return
	}
	if now.Sub(h.at(h.start).At) < EventFreshDuration {
		if n := min(2*c, UpperBoundCapacity); n > c {
			h.limit = n
		}
		return
	}
	if now.Sub(h.at(h.end-c/4).At) > EventFreshDuration {
		if n := max(c/2, LowerBoundCapacity); n < c {
			h.limit = n
			for i := h.start; i < h.end-n; i++ {
				*h.at(i) = Event{}
			}
			h.start = h.end - n
			h.removed = true
			h.relayout(n)
		}
	}
}

// relayout moves the events into a buffer of n slots, n >= h.len().
func (h *history) relayout(n int) {
	nb := make([]Event, n)
	for i := h.start; i < h.end; i++ {
		nb[i%n] = *h.at(i)
	}
	h.buf = nb
}

// reset empties the history (a relist).
func (h *history) reset() {
	clear(h.buf)
	h.start, h.end, h.removed = 0, 0, false
}

// search returns the first position whose event has a revision > rv.
func (h *history) search(rv int64) int {
	return h.start + sort.Search(h.len(), func(i int) bool { return h.at(h.start+i).RV > rv })
}
