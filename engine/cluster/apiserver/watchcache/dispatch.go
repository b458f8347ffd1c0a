package watchcache

import (
	"fmt"
	"math"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Fire is the dispatcher: it delivers to every watcher the events that are
// due (recorded at least Latency ago), then sleeps until the next one is.
// A sink may call back into the API (and so into this cacher): events it
// causes are due later, and watchers it opens or stops are handled on the
// next pass.
func (c *Cacher) Fire() {
	now := c.cfg.Loop.Now()
	for i := 0; i < len(c.watchers); i++ {
		if w := c.watchers[i]; !w.done {
			c.deliver(w, now)
		}
	}
	if c.stopped {
		return
	}
	c.sweep()
	next := sim.Time(math.MaxInt64)
	for _, w := range c.watchers {
		switch {
		case w.startAt > now:
			next = min(next, w.startAt)
		case w.pos < c.hist.end:
			next = min(next, c.hist.at(max(w.pos, c.hist.start)).At.Add(c.cfg.Latency))
		}
	}
	if next != sim.Time(math.MaxInt64) {
		c.wake(next)
	}
}

// sweep forgets the watchers that have ended.
func (c *Cacher) sweep() {
	if c.ndone == 0 {
		return
	}
	live := c.watchers[:0]
	for _, w := range c.watchers {
		if !w.done {
			live = append(live, w)
		}
	}
	clear(c.watchers[len(live):])
	c.watchers, c.ndone = live, 0
}

func (c *Cacher) deliver(w *Watcher, now sim.Time) {
	if w.startAt > now {
		return
	}
	if w.fail != nil {
		w.sink.Send(Delivery{Type: trace.Error, Err: w.fail})
		if !w.done {
			w.end(w.fail)
		}
		return
	}
	if w.initial != nil {
		initial := w.initial
		w.initial = nil
		for _, o := range initial {
			w.sink.Send(Delivery{Type: trace.Added, Object: o})
			if w.done {
				return
			}
		}
		if w.initialEnd {
			w.sink.Send(Delivery{Type: trace.Bookmark, Object: c.bookmark(c.RV(), true)})
		}
	}
	for !w.done && w.pos < c.hist.end {
		if w.pos < c.hist.start {
			// The history moved past events the watcher had not been sent:
			// it cannot continue consistently (a terminated slow watcher).
			s := api.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)",
				w.seenRV(), c.hist.at(c.hist.start).RV-1))
			w.sink.Send(Delivery{Type: trace.Error, Err: s})
			if !w.done {
				w.end(s)
			}
			return
		}
		ev := c.hist.at(w.pos)
		if ev.At.Add(c.cfg.Latency) > now {
			return
		}
		w.pos++
		if d, ok := w.convert(ev); ok {
			w.sink.Send(d)
		}
	}
}

// convert is cacheWatcher.convertToWatchEvent: ADDED when the change moves
// the object into the predicate, DELETED when out of it, MODIFIED within.
func (w *Watcher) convert(ev *Event) (Delivery, bool) {
	p := &w.pred
	if !p.MatchesKey(ev.Key) {
		return Delivery{}, false
	}
	cur := ev.Type != trace.Deleted && p.Matches(ev.Key, ev.Object)
	old := ev.Prev != nil && p.Matches(ev.Key, ev.Prev)
	switch {
	case cur && !old:
		return Delivery{Type: trace.Added, Object: ev.Object}, true
	case cur && old:
		return Delivery{Type: trace.Modified, Object: ev.Object}, true
	case old && ev.Type == trace.Deleted:
		return Delivery{Type: trace.Deleted, Object: ev.Object}, true
	case old:
		return Delivery{Type: trace.Deleted, Object: withRV(ev.Prev, ev.RV)}, true
	}
	return Delivery{}, false
}

// withRV returns a shallow copy of o at revision rv (the shared metadata
// maps are immutable).
func withRV(o *object.Object, rv int64) *object.Object {
	c := *o
	c.Meta.ResourceVersion = strconv.FormatInt(rv, 10)
	return &c
}
