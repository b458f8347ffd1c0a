package watchcache

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// deliver hands w, which has a cursor of its own, everything due: an
// error that ends it, its initial events, then the history from its
// cursor up to the first event not yet due.
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
	// A predicate without selectors selects every object at a key it
	// matches, without testing it.
	cur := ev.Type != trace.Deleted && (w.anyObject || p.MatchesObject(ev.Object))
	old := ev.Prev != nil && (w.anyObject || p.MatchesObject(ev.Prev))
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
