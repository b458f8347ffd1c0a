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
// The copy is kept between predictions as a shadow: the level's future
// without arrivals, replayed as far as the last prediction went. In a
// burst each arrival would otherwise replay the whole queue ahead of it
// again, a cost that grows with the square of the burst. The shadow
// serves the next arrival when that arrival cannot have changed the part
// of the future already replayed: what dispatches next depends only on
// the heads of the queues and on the seats (queueset.go,
// findDispatchQueueToBoundLocked picks by each queue's oldest request,
// boundNextDispatchLocked bounds by it), so a request that joins a queue
// still holding, in the shadow, requests that were ahead of it changes
// nothing until it reaches the head. Such an arrival is appended to the
// shadow's queue and the replay goes on from where it stopped; any other
// change (a request that starts at its arrival, or one that would be at
// the head) makes a fresh copy. Both give the same answers.
func (qs *queueSet) predict(id uint64, qi int, num uint64, deadline sim.Time) (at sim.Time, ok bool) {
	p := qs.scratch
	if qs.fresh || !qs.shadowing || !p.extend(qs, qi, num) {
		p = qs.copyForPrediction()
		qs.shadowing = true
	}
	p.watchID, p.watched = id, false
	for len(p.events) > 0 && p.events[0].at <= deadline {
		p.step()
		if p.watched {
			return p.watchAt, true
		}
	}
	return 0, false
}

// step handles the next due event of a prediction's state.
func (p *queueSet) step() {
	e := p.events.pop()
	p.last, p.handled = e, true
	p.sync(e.at)
	p.handle(e)
}

// extend brings the shadow p up to date with qs, whose newest arrival is
// waiter num of queue qi, and reports whether it could: it replays what
// qs handled since (the same events, as nothing else arrived), then
// appends the waiter if the shadow's queue still holds requests that
// were ahead of it.
func (p *queueSet) extend(qs *queueSet, qi int, num uint64) bool {
	q := &p.queues[qi]
	if q.n == 0 { // catching up only empties queues
		return false
	}
	p.watchID, p.watched = 0, false
	for len(p.events) > 0 && p.events[0].at <= qs.now {
		p.step()
	}
	if q.n == 0 || q.base+uint64(len(q.waiting)) != num {
		return false
	}
	w := qs.queues[qi].at(num)
	q.push(*w)
	p.waiting++
	p.seatsWaiting += int(w.seats)
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
	queues, evs, nonEmpty, flat, finish := p.queues, p.events, p.nonEmpty, p.flat, p.finish.v
	*p = *qs
	p.finish.v = append(finish[:0], qs.finish.v...)
	p.scratch, p.shadowing, p.handled = nil, false, false
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
