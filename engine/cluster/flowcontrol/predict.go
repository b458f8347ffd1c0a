package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/sim"

// predict returns when the waiting request id would be dispatched if
// nothing else arrived, replaying the level's future on a copy of its
// state; ok is false if that would be after deadline.
//
// Calls are synchronous in the model, so a request's fate is decided when
// it arrives. Later arrivals may still be served before it, as fair
// queuing serves a newly busy flow ahead of a long queue: the request then
// starts later than predicted, and is not timed out for it.
func (qs *queueSet) predict(id uint64, deadline sim.Time) (at sim.Time, ok bool) {
	p := qs.copyForPrediction()
	p.watchID, p.watched = id, false
	for len(p.events) > 0 && p.events[0].at <= deadline {
		e := p.events.pop()
		p.sync(e.at)
		p.handle(e)
		if p.watched {
			return p.watchAt, true
		}
	}
	return 0, false
}

// copyForPrediction copies the state into the reusable scratch set, the
// queued requests into one flat buffer, so a prediction allocates nothing
// once the buffers have grown.
func (qs *queueSet) copyForPrediction() *queueSet {
	if qs.scratch == nil {
		qs.scratch = &queueSet{}
	}
	p := qs.scratch
	queues, evs, nonEmpty, flat := p.queues, p.events, p.nonEmpty, p.flat
	*p = *qs
	p.scratch = nil
	p.queues = append(queues[:0], qs.queues...)
	p.events = append(evs[:0], qs.events...)
	p.nonEmpty = append(nonEmpty[:0], qs.nonEmpty...)
	if cap(flat) < qs.waiting {
		flat = make([]waiter, 0, 2*qs.waiting)
	}
	flat = flat[:0]
	for i := range p.queues {
		q := &p.queues[i]
		n := len(flat)
		flat = append(flat, q.waiting[q.head:]...)
		q.waiting, q.base, q.head = flat[n:len(flat):len(flat)], q.base+uint64(q.head), 0
	}
	p.flat = flat
	return p
}
