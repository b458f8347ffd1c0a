package flowcontrol

import (
	"math"
	"math/bits"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// advance replays everything due up to t. A t before the last call is
// taken as the last call's instant.
func (qs *queueSet) advance(t sim.Time) {
	if t < qs.now {
		t = qs.now
	}
	for qs.events.due(t) {
		e := qs.events.pop()
		qs.sync(e.at)
		qs.handle(e)
	}
	qs.sync(t)
}

// sync moves the clock to t, advancing R by the work each busy queue was
// entitled to meanwhile: min(seats in use and waiting, limit) shared among
// the active queues (queueset.go, getVirtualTimeRatioLocked).
func (qs *queueSet) sync(t sim.Time) {
	if dt := int64(t - qs.now); dt > 0 && qs.active > 0 && qs.queues != nil {
		seats := uint64(min(qs.seatsInUse+qs.seatsWaiting, qs.limit))
		hi, lo := bits.Mul64(seats, uint64(dt))
		if hi >= uint64(qs.active) {
			qs.r = math.MaxInt64 / 2 // beyond any run the model makes
		} else {
			incr, _ := bits.Div64(hi, lo, uint64(qs.active))
			qs.r += int64(incr)
		}
	}
	qs.now = t
}

// handle applies one due event, then dispatches what it allows.
func (qs *queueSet) handle(e event) {
	if qs.apply(e) {
		qs.dispatchAll()
	}
}

// apply applies one due event and reports whether seats came free, so
// that the queues are to be dispatched from.
func (qs *queueSet) apply(e event) (dispatch bool) {
	var q *queue
	if e.queue >= 0 {
		q = &qs.queues[e.queue]
	}
	switch e.kind {
	case evFinish:
		qs.executing--
		if q != nil {
			wasIdle := q.idle()
			q.executing--
			// Settle the estimate charged at dispatch against the real
			// service time (queueset.go, finishRequestLocked).
			q.nextDispatchR += e.arg
			qs.bound(q)
			qs.refresh(int(e.queue))
			qs.track(q, wasIdle)
		}
		if e.release {
			qs.release(q, int(e.seats))
		}
		return true
	case evRelease:
		qs.release(q, int(e.seats))
		return true
	case evTimeout:
		wasIdle := q.idle()
		w, ok := q.drop(uint64(e.arg))
		if !ok {
			return false // dispatched (and dropped) before its time ran out
		}
		qs.tidy(q)
		qs.dequeued(e.queue, q, &w)
		qs.bound(q)
		qs.refresh(int(e.queue))
		qs.track(q, wasIdle)
	}
	return false
}

func (qs *queueSet) release(q *queue, seats int) {
	qs.seatsInUse -= seats
	if q != nil {
		q.seatsInUse -= int32(seats)
	}
}

// dequeued updates the totals after w left queue qi.
func (qs *queueSet) dequeued(qi int32, q *queue, w *waiter) {
	qs.waiting--
	qs.seatsWaiting -= int(w.seats)
	qs.markNonEmpty(int(qi))
}

// dispatchAll dispatches while requests wait and seats are free.
func (qs *queueSet) dispatchAll() {
	for qs.waiting != 0 && qs.seatsInUse < qs.limit && qs.dispatchOne() {
	}
}

// dispatchOne dispatches the head of the queue whose head would finish
// first in the virtual world, looking at the queues round-robin from the
// one after the last dispatched so that ties rotate (queueset.go,
// findDispatchQueueToBoundLocked and dispatchLocked). It reports false if
// that head cannot get its seats yet.
func (qs *queueSet) dispatchOne() bool {
	return qs.dispatchFrom(qs.pick())
}

// pick returns the queue dispatchOne dispatches from. With few queues
// waiting it looks at each of them, as keeping the finish tree costs more
// than that; the tree is brought up to date only when it is used.
func (qs *queueSet) pick() int {
	from := qs.robin + 1
	if from >= len(qs.queues) {
		from = 0
	}
	if !qs.verify && qs.fewWaiting() {
		return qs.scanForDispatch(from)
	}
	qs.flushFinish()
	best := qs.finish.next(from)
	if best < 0 || qs.verify {
		// A finish as large as noFinish itself: look at every queue.
		if b := qs.scanForDispatch(from); qs.verify && best >= 0 && b != best {
			panic("flowcontrol: the finish tree and the scan disagree")
		} else {
			best = b
		}
	}
	return best
}

// scanAtMost is the most queues with requests waiting for which pick
// looks at each rather than at the finish tree.
const scanAtMost = 16

// fewWaiting reports whether at most scanAtMost queues have requests
// waiting.
func (qs *queueSet) fewWaiting() bool {
	n := 0
	for _, w := range qs.nonEmpty {
		if n += bits.OnesCount64(w); n > scanAtMost {
			return false
		}
	}
	return true
}

// dispatchFrom dispatches the head of queue best, if it can get its
// seats, and reports whether it did.
func (qs *queueSet) dispatchFrom(best int) bool {
	q := &qs.queues[best]
	if !qs.canAccommodate(int(q.peek().seats)) {
		return false
	}
	wasIdle := q.idle()
	w := q.pop()
	qs.dequeued(int32(best), q, w)
	qs.robin = best
	if !w.doomed {
		q.executing++
		q.seatsInUse += w.seats
		q.nextDispatchR += w.totalWork
		qs.start(&w.job, int32(best))
	}
	qs.tidy(q) // after the last use of w, whose slot tidying may reuse
	qs.bound(q)
	qs.refresh(best)
	qs.track(q, wasIdle)
	return true
}

// tidy tidies q after a waiter left it, unless qs is a replay (see
// queue.tidy).
func (qs *queueSet) tidy(q *queue) {
	if !qs.replay {
		q.tidy()
	}
}

// scanForDispatch is dispatchOne's choice found by looking at every
// queue with requests waiting, from queue from on round-robin.
func (qs *queueSet) scanForDispatch(from int) int {
	best, bestFinish := qs.earliestFinish(from, len(qs.queues), -1, 0)
	best, _ = qs.earliestFinish(0, from, best, bestFinish)
	return best
}

// earliestFinish returns, of best (-1: none yet) finishing at bestFinish
// and the queues lo to hi-1 with requests waiting, in order, the first
// whose head would finish earliest in the virtual world. It walks the
// non-empty bits a word at a time, clearing each bit as it goes, rather
// than searching anew from each queue.
func (qs *queueSet) earliestFinish(lo, hi, best int, bestFinish int64) (int, int64) {
	if lo >= hi {
		return best, bestFinish
	}
	wi := lo >> 6
	word := qs.nonEmpty[wi] &^ (1<<(lo&63) - 1)
	for {
		for word != 0 {
			i := wi<<6 + bits.TrailingZeros64(word)
			if i >= hi {
				return best, bestFinish
			}
			word &= word - 1
			q := &qs.queues[i]
			if f := q.nextDispatchR + q.waiting[q.head].totalWork; best < 0 || f < bestFinish {
				best, bestFinish = i, f
			}
		}
		wi++
		if wi<<6 >= hi {
			return best, bestFinish
		}
		word = qs.nonEmpty[wi]
	}
}

// refresh notes that queue qi's key in the finish tree may have changed:
// flushFinish sets it when the tree is next used.
func (qs *queueSet) refresh(qi int) {
	qs.stale[qi>>6] |= 1 << (qi & 63)
}

// flushFinish sets the finish tree's keys of the queues refresh noted.
func (qs *queueSet) flushFinish() {
	for i, w := range qs.stale {
		for w != 0 {
			qi := i<<6 + bits.TrailingZeros64(w)
			w &= w - 1
			q := &qs.queues[qi]
			if h := q.peek(); h != nil {
				qs.finish.set(qi, q.nextDispatchR+h.totalWork)
			} else {
				qs.finish.set(qi, noFinish)
			}
		}
		qs.stale[i] = 0
	}
}

// start executes j now, in queue qi or none (-1), and schedules the end
// of its service time and of its seats.
func (qs *queueSet) start(j *job, qi int32) {
	qs.executing++
	qs.seatsInUse += int(j.seats)
	end := qs.now.Add(j.service)
	fin := event{at: end, kind: evFinish, queue: qi, seats: j.seats,
		arg: int64(j.initialSeats) * int64(j.service-estimatedServiceDuration)}
	if j.extra > 0 {
		qs.push(fin)
		qs.push(event{at: end.Add(j.extra), kind: evRelease, queue: qi, seats: j.seats})
	} else {
		fin.release = true
		qs.push(fin)
	}
	if j.id == qs.watchID {
		qs.watched, qs.watchAt = true, qs.now
	}
}

// markNonEmpty sets queue qi's bit in nonEmpty as it holds waiters or not.
func (qs *queueSet) markNonEmpty(qi int) {
	if qs.queues[qi].n > 0 {
		qs.nonEmpty[qi>>6] |= 1 << (qi & 63)
	} else {
		qs.nonEmpty[qi>>6] &^= 1 << (qi & 63)
	}
}
