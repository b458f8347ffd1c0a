package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/sim"

// predict returns when the waiting request id, number num in queue qi,
// would be dispatched if nothing else arrived, replaying the level's
// future on a copy of its state; ok is false if that would be after
// deadline.
//
// Calls are synchronous in the model, so a request's fate is decided when
// it arrives. Later arrivals may still be served before it, as fair
// queuing serves a newly busy flow ahead of a long queue: the request then
// starts later than predicted, and is not timed out for it.
//
// In a burst each arrival would replay the whole queue ahead of it again,
// a cost that grows with the square of the burst, so the copy is kept
// between predictions as a shadow: the level's future without further
// arrivals, replayed as far as an arrival cannot change. What dispatches
// next depends only on the queues' oldest requests and on the seats
// (queueset.go: findDispatchQueueToBoundLocked picks by each queue's
// oldest request, boundNextDispatchLocked bounds by it), so a request
// that joins a queue changes nothing before it is that queue's oldest.
// The shadow therefore stops right after a step, later than the level's
// present, that leaves a queue without waiters; an arrival is appended to
// it when its queue still holds waiters there, or was just emptied by the
// shadow's last step, or the shadow is not past the arrival's instant.
// The prediction then goes on from the shadow (on a further copy when the
// shadow stops before the request starts). Any other change — a request
// that starts at its arrival, an arrival the shadow cannot take — makes a
// fresh copy. Both give the same answers.
func (qs *queueSet) predict(id uint64, qi int, num uint64, deadline sim.Time) (at sim.Time, ok bool) {
	if qs.fresh {
		p := qs.copyForPrediction()
		p.watchID, p.watched = id, false
		p.run(deadline, deadline)
		return p.watchAt, p.watched
	}
	p := qs.scratch
	if !qs.shadowing || !p.extend(qs, qi, num) {
		p = qs.copyForPrediction()
		qs.shadowing = true
	}
	p.watchID, p.watched = id, false
	if !p.run(deadline, qs.now) {
		return p.watchAt, p.watched // started, or not by the deadline
	}
	if p.watched {
		return p.watchAt, true
	}
	f := p.copyForPrediction()
	f.run(deadline, deadline)
	return f.watchAt, f.watched
}

// run replays the state's future without arrivals: the events due up to
// until, each followed by the dispatches it allows, until the watched
// request starts. It stops early, reporting true, right after a step
// later than emptyAfter that leaves a queue without waiters.
func (p *queueSet) run(until, emptyAfter sim.Time) (stopped bool) {
	for !p.watched {
		if p.pending {
			if p.now > until {
				return false
			}
			if p.waiting == 0 || p.seatsInUse >= p.limit || !p.dispatchOne() {
				p.pending = false
				continue
			}
			p.lastAt, p.lastEmptied = p.now, -1
			if p.queues[p.robin].n == 0 {
				p.lastEmptied, p.emptiedByDispatch = p.robin, true
				if p.now > emptyAfter {
					return true
				}
			}
			continue
		}
		if len(p.events) == 0 || p.events[0].at > until {
			return false
		}
		e := p.events.pop()
		p.last, p.handled = e, true
		p.sync(e.at)
		p.lastAt, p.lastEmptied = e.at, -1
		n := 0
		if e.kind == evTimeout {
			n = p.queues[e.queue].n
		}
		p.pending = p.apply(e)
		if n > 0 && p.queues[e.queue].n == 0 {
			p.lastEmptied, p.emptiedByDispatch = int(e.queue), false
			if e.at > emptyAfter {
				return true
			}
		}
	}
	return false
}

// extend brings the shadow p up to date with qs, whose newest arrival is
// waiter num of queue qi, and reports whether it could: it replays what
// qs handled since (the same steps, as nothing else arrived), then takes
// in the waiter if that changes none of the steps it replayed beyond.
func (p *queueSet) extend(qs *queueSet, qi int, num uint64) bool {
	p.watchID, p.watched = 0, false
	p.run(qs.now, qs.now)
	q, rq := &p.queues[qi], &qs.queues[qi]
	if q.base+uint64(len(q.waiting)) != num {
		return false
	}
	switch {
	case p.lastAt <= qs.now && !p.pending:
		// Not past the arrival: the queue is as qs found it, and takes
		// the dispatch start qs gave it.
		q.nextDispatchR = rq.nextDispatchR
	case q.n > 0:
		// Behind waiters still there.
	case p.lastEmptied == qi:
		// At the head from the step, after the arrival, that took the
		// last waiter. If that was a dispatch, the dispatching it was
		// part of goes on with this waiter there (it may have stopped
		// for want of waiters).
		p.pending = p.pending || p.emptiedByDispatch
	default:
		return false
	}
	w := rq.at(num)
	wasIdle := q.idle()
	q.push(*w)
	p.nonEmpty[qi>>6] |= 1 << (qi & 63)
	p.waiting++
	p.seatsWaiting += int(w.seats)
	p.track(q, wasIdle)
	p.bound(q)
	p.refresh(qi)
	return true
}

// shadowTimeout mirrors in the shadow a doomed waiter num and its
// time-out, just scheduled in qs as e, or drops the shadow when it has
// already handled an event that comes after e.
func (qs *queueSet) shadowTimeout(e event, num uint64) {
	if !qs.shadowing {
		return
	}
	p := qs.scratch
	w := p.queues[e.queue].at(num)
	if w == nil || p.handled && (p.last.at > e.at || p.last.at == e.at && p.last.pushed > qs.now) {
		qs.shadowing = false
		return
	}
	w.doomed = true
	p.pushAt(e, qs.now)
}

// copyForPrediction copies the state into the reusable scratch set, the
// queued requests into one flat buffer with room for a few more in each
// queue (arrivals the shadow takes in), so a prediction allocates nothing
// once the buffers have grown.
func (qs *queueSet) copyForPrediction() *queueSet {
	if qs.scratch == nil {
		qs.scratch = &queueSet{}
	}
	p := qs.scratch
	queues, evs, nonEmpty, flat, finish, scratch := p.queues, p.events, p.nonEmpty, p.flat, p.finish.v, p.scratch
	*p = *qs
	p.finish.v = append(finish[:0], qs.finish.v...)
	p.scratch, p.shadowing, p.handled, p.lastEmptied = scratch, false, false, -1
	p.queues = append(queues[:0], qs.queues...)
	p.events = append(evs[:0], qs.events...)
	p.nonEmpty = append(nonEmpty[:0], qs.nonEmpty...)
	const room = 4
	need := room * len(qs.queues)
	for i := range qs.queues {
		need += len(qs.queues[i].waiting) - qs.queues[i].head // those gone from the middle included
	}
	if cap(flat) < need {
		flat = make([]waiter, 0, 2*need)
	}
	flat = flat[:0]
	for i := range p.queues {
		q := &p.queues[i]
		n := len(flat)
		flat = append(flat, q.waiting[q.head:]...)
		q.waiting, q.base, q.head = flat[n:len(flat):len(flat)+room], q.base+uint64(q.head), 0
		flat = flat[:len(flat)+room]
	}
	p.flat = flat
	return p
}
