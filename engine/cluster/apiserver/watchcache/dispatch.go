package watchcache

import (
	"cmp"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// dispatch is the dispatcher's state. A watcher is either catching up,
// with a cursor of its own (just opened, or resuming from a revision), or
// live: caught up with the dispatcher, whose cursor sent it shares. Live
// watchers are indexed as the cacher's watchers are (cacher.go,
// startDispatching): those the trigger indexes by their value, the others
// in one list that sees every event.
type dispatch struct {
	sent    int                   // live watchers have been handed the history before sent
	catchup []*Watcher            // by id
	all     []*Watcher            // live, not indexed; by id once sorted
	byValue map[string][]*Watcher // live, indexed, by trigger value; nil until one is
	nlive   int                   // live watchers that have not ended
	sorted  bool                  // all is in id order
	hits    []hit                 // scratch: the indexed watchers an event is for
	visits  []visit               // scratch: a pass's watchers in id order
}

// hit is an event at history position pos for indexed watcher w.
type hit struct {
	w   *Watcher
	pos int
}

// visit is one watcher's turn in a pass: hits[from:to] for an indexed
// live watcher, every due event otherwise.
type visit struct {
	w        *Watcher
	from, to int
}

func newDispatch() dispatch { return dispatch{sorted: true} }

// Fire is the dispatcher: it hands every watcher the events that are due
// (recorded at least Latency ago), then sleeps until the next one is. The
// watchers take their turns in the order they opened, each handed all its
// due events at once, whether it is indexed or not. A sink may call back
// into the API (and so into this cacher): events it causes are due later,
// and watchers it opens or stops are handled on the next pass.
func (c *Cacher) Fire() {
	now := c.cfg.Loop.Now()
	d := &c.disp
	if d.sent < c.hist.start {
		// Live watchers missed evicted events: each takes its own cursor
		// and so its 410.
		c.demoteLive(0, d.sent)
	}
	sent := d.sent
	hi := c.dueEnd(now)
	vs := c.plan(hi)
	for i := 0; i < len(vs); i++ {
		w := vs[i].w
		if d.nlive > 0 && sent < c.hist.start {
			// A sink's writes evicted events the live watchers whose turn
			// has not come were to be handed: they fail at their turn.
			c.demoteLive(w.id, hi)
			vs = c.replan(vs[i:], w.id)
			i, w = 0, vs[0].w
		}
		switch {
		case w.done:
		case !w.live:
			c.deliver(w, now)
		case !w.indexed:
			w.pos = sent
			c.deliver(w, now)
		default:
			c.deliverHits(w, d.hits[vs[i].from:vs[i].to], hi, now)
		}
	}
	clear(d.visits)
	clear(d.hits)
	if c.stopped {
		return
	}
	d.sent = hi
	c.promote(now)
	c.sweep()
	c.rewake(now)
}

// dueEnd returns the history position of the first event not due at now.
func (c *Cacher) dueEnd(now sim.Time) int {
	pos := max(c.disp.sent, c.hist.start)
	for pos < c.hist.end && c.hist.at(pos).At.Add(c.cfg.Latency) <= now {
		pos++
	}
	return pos
}

// plan lists the watchers of a pass in id order: those catching up, the
// live ones that see every event, and the indexed ones that the due
// events [sent, hi) are for, with their hits.
func (c *Cacher) plan(hi int) []visit {
	d := &c.disp
	d.hits = d.hits[:0]
	if len(d.byValue) > 0 {
		// Each event is planned once, so its trigger values are read
		// here, and only for a cacher with indexed watchers.
		for pos := d.sent; pos < hi; pos++ {
			ev := c.hist.at(pos)
			trig := c.trigger.Value(ev.Object)
			d.hits = c.appendHits(d.hits, trig, pos)
			if ev.Prev != nil {
				if prev := c.trigger.Value(ev.Prev); prev != trig {
					d.hits = c.appendHits(d.hits, prev, pos)
				}
			}
		}
		slices.SortStableFunc(d.hits, func(a, b hit) int { return cmp.Compare(a.w.id, b.w.id) })
	}
	if !d.sorted {
		slices.SortFunc(d.all, byID)
		d.sorted = true
	}
	vs := d.visits[:0]
	for _, w := range d.catchup {
		vs = append(vs, visit{w: w})
	}
	if hi > d.sent {
		for _, w := range d.all {
			vs = append(vs, visit{w: w})
		}
	}
	for i := 0; i < len(d.hits); {
		j := i + 1
		for j < len(d.hits) && d.hits[j].w == d.hits[i].w {
			j++
		}
		vs = append(vs, visit{w: d.hits[i].w, from: i, to: j})
		i = j
	}
	// Each part is in id order already (the hits sorted above, all kept
	// sorted): only watchers from two parts, or catching up, need a sort.
	if len(d.catchup) > 0 || len(d.hits) > 0 && hi > d.sent && len(d.all) > 0 {
		slices.SortFunc(vs, func(a, b visit) int { return cmp.Compare(a.w.id, b.w.id) })
	}
	d.visits = vs
	return vs
}

func (c *Cacher) appendHits(hits []hit, value string, pos int) []hit {
	for _, w := range c.disp.byValue[value] {
		if !w.done {
			hits = append(hits, hit{w, pos})
		}
	}
	return hits
}

func byID(a, b *Watcher) int { return cmp.Compare(a.id, b.id) }

// deliverHits hands a live indexed watcher its due events. The events it
// skips are none of its business, but as a watcher walking the whole
// history would, it fails with 410 when one of them was evicted before
// its turn.
func (c *Cacher) deliverHits(w *Watcher, hits []hit, hi int, now sim.Time) {
	next := c.disp.sent
	for _, h := range hits {
		if next < c.hist.start {
			break
		}
		next = h.pos + 1
		if d, ok := w.convert(c.hist.at(h.pos)); ok {
			w.sink.Send(d)
		}
		if w.done {
			return
		}
	}
	if next < hi && next < c.hist.start {
		w.pos = next
		w.live = false
		c.disp.nlive--
		c.deliver(w, now) // the 410 Expired that ends it
	}
}
