package flowcontrol

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// estimatedServiceDuration is the service time the dispatcher charges a
// queue when it dispatches a request; the difference from the real one is
// settled when the request finishes (queueset.go, Complete).
const estimatedServiceDuration = 3 * time.Millisecond

// queueSet is one priority level's seats and queues: Kubernetes'
// fair-queuing QueueSet (k8s.io/apiserver/pkg/util/flowcontrol/
// fairqueuing/queueset/queueset.go), driven by virtual time. Nothing runs
// between calls: advance replays, in (time, sequence) order, the finishes,
// seat releases and time-outs due since the last call, dispatching from
// the queues after each as Kubernetes does.
type queueSet struct {
	limit      int  // the concurrency limit in seats
	exempt     bool // never limits
	queueLimit int  // QueueLengthLimit
	waitLimit  time.Duration
	queueCount int      // the level's queues: 0 for a level without queues
	queues     []queue  // made at the first arrival (see makeQueues)
	nonEmpty   []uint64 // bit i set: queues[i] has waiting requests
	stale      []uint64 // bit i set: queues[i]'s key in finish is to be set (see refresh)
	finish     finishTree
	events     events
	tally
	enqueues int // requests shuffle-sharded so far

	// watchID names a request whose dispatch a prediction waits for.
	watchID uint64

	// scratch is the state predictions replay; while shadowing is true
	// it is this state's future with no further arrivals, replayed as
	// far as the last prediction needed, and its kept run can take it
	// back along it (see predict).
	scratch   *queueSet
	shadowing bool
	fresh     bool       // never keep the replay: every prediction copies (tests)
	verify    bool       // check every finish-tree choice against a scan (tests)
	replay    bool       // a prediction's copy: requests that leave stay in its buffers (see keptRun)
	kept      *keptRun   // a replay's undo log; nil for the level itself and with fresh
	bufs      [][]waiter // the scratch copy's buffer for each queue's requests (see copyFrom)
}

// tally is what a step of the level changes apart from its queues, its
// events and the finish tree: the clock, the counts and a replay's
// position. A replay saves it whole before each step (see keptRun).
type tally struct {
	seq uint64
	now sim.Time
	// r is the fair-queuing progress meter R in seat-nanoseconds: each
	// busy queue's share of the work done since the start.
	r     int64
	robin int // the queue dispatched from last

	seatsInUse   int
	executing    int
	waiting      int
	seatsWaiting int
	active       int // queues with requests waiting or executing

	// watched and watchAt: the request watchID was dispatched, when.
	watched bool
	watchAt sim.Time

	// A replayed state's position: last is the last event it handled
	// (when handled is set); pending, that the dispatches that event
	// allows are not all done; lastAt, the instant of its last step, and
	// lastEmptied the queue that step left without waiters (-1: none),
	// emptiedByDispatch whether that step was a dispatch.
	last              event
	handled           bool
	pending           bool
	lastAt            sim.Time
	lastEmptied       int
	emptiedByDispatch bool
}

// newQueueSet builds the state of a level with the given limit. Its
// queues are made when the first request arrives: a level no request
// reaches costs no queues, and until then every queue would be idle
// anyway.
func newQueueSet(pl *PriorityLevel, limit int, waitLimit time.Duration) queueSet {
	qs := queueSet{limit: limit, exempt: pl.Type == Exempt, waitLimit: waitLimit}
	if pl.queued() {
		qs.queueCount = pl.Queuing.Queues
		qs.queueLimit = pl.Queuing.QueueLengthLimit
	}
	return qs
}

// makeQueues makes the level's queues, all idle.
func (qs *queueSet) makeQueues() {
	n := qs.queueCount
	qs.queues = make([]queue, n)
	qs.nonEmpty = make([]uint64, (n+63)/64)
	qs.stale = make([]uint64, (n+63)/64)
	qs.finish = newFinishTree(n)
}

// arrive handles a request at t. hand is its flow's queues (nil for a
// level without queues). It returns how long the request waits for a seat,
// or why it is rejected; a request rejected for waiting too long is
// answered after the wait limit, which wait then holds.
func (qs *queueSet) arrive(t sim.Time, j job, hand []int32) (wait time.Duration, reject RejectReason) {
	qs.advance(t)
	if qs.queueCount == 0 {
		if !qs.canAccommodate(int(j.seats)) {
			return 0, RejectConcurrencyLimit
		}
		qs.start(&j, -1)
		return 0, ""
	}
	if qs.queues == nil {
		qs.makeQueues()
	}
	qi := qs.shuffleShard(hand)
	q := &qs.queues[qi]
	if qs.waiting == 0 && qs.canAccommodate(int(j.seats)) {
		qs.stopShadowing()
		qs.dispatchAtOnce(qi, j)
		return 0, ""
	}
	if qs.seatsInUse >= qs.limit && q.length() >= qs.queueLimit {
		return 0, RejectQueueFull
	}
	wasIdle := q.idle()
	if wasIdle {
		q.nextDispatchR = qs.r
	}
	num := q.push(waiter{job: j, arrivalR: qs.r})
	qs.markNonEmpty(qi)
	qs.waiting++
	qs.seatsWaiting += int(j.seats)
	qs.track(q, wasIdle)
	qs.bound(q)
	qs.refresh(qi)

	qs.watchID, qs.watched = j.id, false
	waiting := qs.waiting
	qs.dispatchAll()
	if qs.waiting != waiting {
		// Something left a queue at the arrival (started, or a doomed
		// request dropped at the head), which the shadow's future
		// without arrivals does not hold.
		qs.stopShadowing()
	}
	if qs.watched {
		return 0, ""
	}
	deadline := t.Add(qs.waitLimit)
	if at, ok := qs.predict(j.id, qi, num, deadline); ok {
		return at.Sub(t), ""
	}
	q.at(num).doomed = true
	timeout := event{at: deadline, kind: evTimeout, queue: int32(qi), arg: int64(num)}
	qs.push(timeout)
	qs.shadowTimeout(timeout, num)
	return qs.waitLimit, RejectTimeOut
}

// dispatchAtOnce is what enqueueing j in queue qi and dispatching comes
// to when nothing else waits and j's seats are free: the queue's next
// dispatch R is raised to now's, as for a request arriving to it, then
// advanced by j's work.
func (qs *queueSet) dispatchAtOnce(qi int, j job) {
	q := &qs.queues[qi]
	wasIdle := q.idle()
	q.nextDispatchR = max(q.nextDispatchR, qs.r)
	if wasIdle {
		q.nextDispatchR = qs.r
	}
	q.executing++
	q.seatsInUse += j.seats
	q.nextDispatchR += j.totalWork
	qs.robin = qi
	qs.start(&j, int32(qi))
	qs.refresh(qi)
	qs.track(q, wasIdle)
}

// shuffleShard picks, among the hand's queues, the one with the least
// work waiting, starting the comparison at a rotating position so ties
// spread (queueset.go, shuffleShardLocked).
func (qs *queueSet) shuffleShard(hand []int32) int {
	offset := qs.enqueues % len(hand)
	qs.enqueues++
	// The hand from offset on, then its start: the rotation without a
	// division for each queue looked at.
	best, bestWork := qs.leastWork(hand[offset:], -1, 0)
	best, _ = qs.leastWork(hand[:offset], best, bestWork)
	return best
}

// leastWork returns, of best (-1: none yet) with bestWork waiting and the
// queues qis in order, the first with the least work waiting.
func (qs *queueSet) leastWork(qis []int32, best int, bestWork int64) (int, int64) {
	for _, qi := range qis {
		if w := qs.queues[qi].workSum; best < 0 || w < bestWork {
			best, bestWork = int(qi), w
		}
	}
	return best, bestWork
}

// canAccommodate reports whether a request of the given seats may start
// now (queueset.go, canAccommodateSeatsLocked). A request wider than the
// whole limit starts alone.
func (qs *queueSet) canAccommodate(seats int) bool {
	switch {
	case qs.exempt:
		return true
	case seats > qs.limit:
		return qs.executing == 0
	}
	return qs.seatsInUse+seats <= qs.limit
}

// track keeps the count of active queues after q changed.
func (qs *queueSet) track(q *queue, wasIdle bool) {
	switch idle := q.idle(); {
	case wasIdle && !idle:
		qs.active++
	case !wasIdle && idle:
		qs.active--
	}
}

// bound keeps a queue's next dispatch from preceding its oldest request's
// arrival in the virtual world (queueset.go, boundNextDispatchLocked).
func (qs *queueSet) bound(q *queue) {
	if w := q.peek(); w != nil && q.nextDispatchR < w.arrivalR {
		q.nextDispatchR = w.arrivalR
	}
}

func (qs *queueSet) push(e event) { qs.pushAt(e, qs.now) }

// pushAt schedules e as if at instant pushed (see event.pushed).
func (qs *queueSet) pushAt(e event, pushed sim.Time) {
	qs.seq++
	e.seq, e.pushed = qs.seq, pushed
	qs.events.push(e)
}
