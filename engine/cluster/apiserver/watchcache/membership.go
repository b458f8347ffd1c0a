package watchcache

import (
	"cmp"
	"math"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The dispatcher's lists: watchers become live once caught up, go back to
// a cursor of their own when events they were to be handed are evicted,
// and are forgotten once ended.

// promote makes live the watchers that have caught up with the
// dispatcher.
func (c *Cacher) promote(now sim.Time) {
	d := &c.disp
	rest := d.catchup[:0]
	for _, w := range d.catchup {
		switch {
		case w.done:
		case w.startAt > now || w.initial != nil || w.fail != nil || w.pos != d.sent:
			rest = append(rest, w)
		default:
			w.live = true
			d.nlive++
			if w.indexed {
				if d.byValue == nil {
					d.byValue = map[string][]*Watcher{}
				}
				d.byValue[w.value] = append(d.byValue[w.value], w)
			} else {
				d.all = append(d.all, w)
				d.sorted = false
			}
		}
	}
	clear(d.catchup[len(rest):])
	d.catchup = rest
}

// demoteLive gives every live watcher a cursor of its own: the
// dispatcher's for those whose id is from on, and after for those before,
// whose turn in the current pass has come and gone.
func (c *Cacher) demoteLive(from uint64, after int) {
	d := &c.disp
	demote := func(w *Watcher) {
		if w.done || !w.live {
			return
		}
		w.pos, w.live = d.sent, false
		if w.id < from {
			w.pos = after
		}
		d.catchup = append(d.catchup, w)
	}
	for _, w := range d.all {
		demote(w)
	}
	for _, ws := range d.byValue {
		for _, w := range ws {
			demote(w)
		}
	}
	slices.SortFunc(d.catchup, byID)
	d.all, d.byValue, d.nlive, d.sorted = nil, nil, 0, true
}

// replan returns the rest of a pass after demoteLive(from, …): the
// visits left, and every watcher now catching up whose turn is still to
// come, in id order.
func (c *Cacher) replan(rest []visit, from uint64) []visit {
	out := append([]visit(nil), rest...)
	seen := map[*Watcher]bool{}
	for _, v := range rest {
		seen[v.w] = true
	}
	for _, w := range c.disp.catchup {
		if w.id >= from && !seen[w] {
			out = append(out, visit{w: w})
		}
	}
	slices.SortFunc(out, func(a, b visit) int { return cmp.Compare(a.w.id, b.w.id) })
	return out
}

// sweep forgets the watchers that have ended.
func (c *Cacher) sweep() {
	if c.ndone == 0 {
		return
	}
	c.watchers = live(c.watchers)
	d := &c.disp
	d.catchup = live(d.catchup)
	d.all = live(d.all)
	for v, ws := range d.byValue {
		if ws = live(ws); len(ws) == 0 {
			delete(d.byValue, v)
		} else {
			d.byValue[v] = ws
		}
	}
	c.ndone = 0
}

// live returns ws without the watchers that have ended, in place.
func live(ws []*Watcher) []*Watcher {
	out := ws[:0]
	for _, w := range ws {
		if !w.done {
			out = append(out, w)
		}
	}
	clear(ws[len(out):])
	return out
}

// rewake sleeps until the next instant a watcher has something due.
func (c *Cacher) rewake(now sim.Time) {
	next := sim.Time(math.MaxInt64)
	due := func(pos int) sim.Time { return c.hist.at(max(pos, c.hist.start)).At.Add(c.cfg.Latency) }
	for _, w := range c.disp.catchup {
		switch {
		case w.startAt > now:
			next = min(next, w.startAt)
		case w.pos < c.hist.end:
			next = min(next, due(w.pos))
		}
	}
	if c.disp.nlive > 0 && c.disp.sent < c.hist.end {
		next = min(next, due(c.disp.sent))
	}
	if next != sim.Time(math.MaxInt64) {
		c.wake(next)
	}
}
