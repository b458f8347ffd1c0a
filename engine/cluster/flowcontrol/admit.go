package flowcontrol

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Admit decides a request arriving at now that will take cost of service
// time once it has its seats. Calls must come in non-decreasing virtual
// time; a now before the previous call's is taken as that instant.
//
// An exempt request runs at once. A request of a level without queues
// (catch-all) runs at once if its seats are free and is rejected
// otherwise. Any other request goes to the shortest of its flow's queues;
// if every seat is taken and that queue is full it is rejected at once,
// and if it would not get a seat within the queue-wait limit it is
// rejected when the limit runs out, as Kubernetes rejects a request whose
// wait outlives its context. Either way the 429 carries Retry-After.
func (c *Controller) Admit(now sim.Time, user *api.UserInfo, info api.RequestInfo, cost time.Duration) Decision {
	if bypassesAPF(&info) {
		return Decision{LongRunning: true}
	}
	s := &c.schemas[c.classify(user, &info)]
	l := &c.levels[s.level]
	d := Decision{Schema: s.Name, Level: l.Name}
	var hand []int32
	if l.queued() {
		if l.Queuing.Queues > 1 {
			d.Flow = distinguish(s.Distinguisher, user, &info)
		}
		hand = c.hand(s, l, d.Flow)
	}
	d.Work = c.estimateWork(&info, l.limits.MaxSeats)
	c.nextID++
	j := job{
		id:           c.nextID,
		seats:        int32(d.Work.Seats()),
		initialSeats: int32(d.Work.InitialSeats),
		service:      max(cost, 0),
		extra:        d.Work.AdditionalLatency,
		totalWork: int64(d.Work.InitialSeats)*int64(estimatedServiceDuration) +
			int64(d.Work.FinalSeats)*int64(d.Work.AdditionalLatency),
	}
	d.Wait, d.Reason = l.qs.arrive(now, j, hand)
	if d.Reason == "" {
		l.count.dispatched++
		if d.Wait > 0 {
			l.count.queued++
		}
		return d
	}
	switch d.Reason {
	case RejectQueueFull:
		l.count.queueFull++
	case RejectTimeOut:
		l.count.timeOut++
	case RejectConcurrencyLimit:
		l.count.concurrencyLimit++
	}
	d.Rejected = true
	d.Status = api.NewTooManyRequests(int(l.drops.record(now.Wall().Unix())))
	return d
}
