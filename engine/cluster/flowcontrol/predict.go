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
// a cost that grows with the square of the burst, so the replay is kept
// between predictions, with an undo log along it (see keptRun), and a
// new arrival joins it at the latest point where it changes nothing
// before. What dispatches next depends only on the queues' oldest
// requests and on the seats (queueset.go: findDispatchQueueToBoundLocked
// picks by each queue's oldest request, boundNextDispatchLocked bounds by
// it), so a request that joins a queue changes nothing before it is that
// queue's oldest: it may join a replayed state, later than its arrival,
// where its queue still holds waiters or was just emptied by the state's
// last step, or a state not past its arrival. The replay goes back step
// by step to the latest such state and goes on from there, unless the
// arrival would have changed none of the steps since, which it then
// joins after (see joinLate). Anything else
// — a request that starts at its arrival, an arrival no kept state can
// take — makes a fresh copy. Both give the same answers.
func (qs *queueSet) predict(id uint64, qi int, num uint64, deadline sim.Time) (at sim.Time, ok bool) {
	var p *queueSet
	switch {
	case qs.fresh:
		p = qs.copyForPrediction()
	case qs.shadowing:
		p = qs.resume(qi, num)
	default:
		p = qs.startKept()
	}
	p.watchID, p.watched = id, false
	for !p.watched && p.step(deadline) {
	}
	return p.watchAt, p.watched
}

// startKept starts the kept replay over from a copy of the level's state.
func (qs *queueSet) startKept() *queueSet {
	p := qs.copyForPrediction()
	if p.kept == nil {
		p.kept = &keptRun{}
	}
	p.kept.reset()
	qs.shadowing = true
	return p
}

// resume brings the kept replay up to date with qs, whose newest arrival
// is waiter num of queue qi, and returns it with the waiter taken in: the
// replay itself if it can take it, else the replay taken back to its
// latest state that can, else a fresh copy.
func (qs *queueSet) resume(qi int, num uint64) *queueSet {
	p := qs.scratch
	k := p.kept
	k.forget(qs.now)
	w := qs.queues[qi].at(num)
	if p.extend(qs, qi, num) {
		return p
	}
	if ok, spoilt := p.joinLate(qi, num, w, qs.now, true); ok || !spoilt && k.backTo(p, qi, num, w, qs.now) {
		return p
	}
	return qs.startKept()
}

// step takes the replayed state's next step without arrivals: a dispatch
// the last event allows, or else the next event due by until. It reports
// false when there is none. The state records the step's instant and the
// queue it left without waiters, if any (see join), and a kept replay
// logs how to undo it.
func (p *queueSet) step(until sim.Time) bool {
	for p.pending {
		if p.now > until {
			return false
		}
		if p.waiting == 0 || p.seatsInUse >= p.limit {
			p.pending = false
			break
		}
		best := p.pick()
		o := p.kept.record(p, best)
		if !p.dispatchFrom(best) {
			p.kept.cancel(o)
			p.pending = false
			break
		}
		p.lastAt, p.lastEmptied = p.now, -1
		if p.queues[p.robin].n == 0 {
			p.lastEmptied, p.emptiedByDispatch = p.robin, true
		}
		return true
	}
	if p.events.len() == 0 {
		return false
	}
	next, fromRun := p.events.front()
	if next.at > until {
		return false
	}
	o := p.kept.record(p, int(next.queue))
	e := p.events.takeFront(fromRun)
	p.kept.popped(o, fromRun)
	p.last, p.handled = e, true
	p.sync(e.at)
	p.lastAt, p.lastEmptied = e.at, -1
	n := 0
	if e.kind == evTimeout {
		n = int(p.queues[e.queue].n)
		p.kept.dropping(o, &p.queues[e.queue], uint64(e.arg))
	}
	p.pending = p.apply(e)
	if n > 0 && p.queues[e.queue].n == 0 {
		p.lastEmptied, p.emptiedByDispatch = int(e.queue), false
	}
	return true
}

// extend brings the replayed state p up to date with qs, whose newest
// arrival is waiter num of queue qi, and reports whether it could: it
// replays what qs handled since (the same steps, as nothing else
// arrived), then takes in the waiter if that changes none of the steps it
// replayed beyond.
func (p *queueSet) extend(qs *queueSet, qi int, num uint64) bool {
	p.watchID, p.watched = 0, false
	for p.step(qs.now) {
	}
	q, rq := &p.queues[qi], &qs.queues[qi]
	if q.base+uint64(len(q.waiting)) != num {
		return false
	}
	if p.lastAt <= qs.now && !p.pending {
		// Not past the arrival: the queue is as qs found it, and takes
		// the dispatch start qs gave it.
		p.kept.joining(p, qi, rq.at(num))
		q.nextDispatchR = rq.nextDispatchR
		p.enqueue(qi, *rq.at(num))
		return true
	}
	return p.join(qi, rq.at(num))
}

// join takes waiter w into queue qi of a replayed state past w's arrival,
// if that changes none of the steps replayed since, and reports whether
// it did: behind waiters still there, or at the head of the queue the
// state's last step emptied. If that step was a dispatch, the
// dispatching it was part of goes on with w there (it may have stopped
// for want of waiters).
func (p *queueSet) join(qi int, w *waiter) bool {
	switch {
	case p.queues[qi].n > 0:
	case p.lastEmptied == qi:
	default:
		return false
	}
	p.kept.joining(p, qi, w)
	if p.queues[qi].n == 0 {
		p.pending = p.pending || p.emptiedByDispatch
	}
	p.enqueue(qi, *w)
	return true
}

// enqueue appends w to queue qi.
func (p *queueSet) enqueue(qi int, w waiter) {
	q := &p.queues[qi]
	wasIdle := q.idle()
	q.push(w)
	if cap(q.waiting) > cap(p.bufs[qi]) {
		p.bufs[qi] = q.waiting // grown: the queue's buffer from now on
	}
	p.markNonEmpty(qi)
	p.waiting++
	p.seatsWaiting += int(w.seats)
	p.track(q, wasIdle)
	p.bound(q)
	p.refresh(qi)
}

// shadowTimeout mirrors in the kept replay a doomed waiter num and its
// time-out, just scheduled in qs as e. A replay that has already handled
// an event that comes after e goes back to its latest state that has
// not; if it cannot, the replay is dropped. The undo log is dropped
// either way: it holds neither the waiter's doom nor its time-out.
func (qs *queueSet) shadowTimeout(e event, num uint64) {
	if !qs.shadowing {
		return
	}
	p := qs.scratch
	if p.passed(e, qs.now) && !p.kept.backBefore(p, e, qs.now) {
		qs.stopShadowing()
		return
	}
	p.kept.reset()
	w := p.queues[e.queue].at(num)
	if w == nil {
		qs.stopShadowing()
		return
	}
	w.doomed = true
	p.pushAt(e, qs.now)
}

// stopShadowing drops the kept replay, freeing most of its undo log: a
// log grown long in a burst is not kept past it.
func (qs *queueSet) stopShadowing() {
	if qs.shadowing {
		qs.shadowing = false
		qs.scratch.kept.trim()
		qs.scratch.trimBuffers()
	}
}

// passed reports whether the replayed state has handled an event that
// comes after e, scheduled at now.
func (p *queueSet) passed(e event, now sim.Time) bool {
	return p.handled && (p.last.at > e.at || p.last.at == e.at && p.last.pushed > now)
}

// joinLate takes waiter w, number num of queue qi, into the replayed
// state p where qi holds no waiters, without going back, and reports
// whether it could: where the replay's latest state with qi just emptied
// is later than now, and w, had it joined there, would have changed none
// of the steps taken since. Those steps dispatch from other queues, and
// w changes none of them if
//
//   - every event was handled with all seats taken: no dispatching
//     stopped for want of waiters that w would have gone on with;
//   - every dispatch picked a queue that w's would not have displaced:
//     a head finishing before w would, or as w but first from the
//     round-robin position (see pick).
//
// w would have changed how R grew (sync), keeping qi active and adding
// its seats to those waiting, but a replay never reads its R: it takes
// no arrivals of its own, and the waiters it takes in bring the R of
// their arrival at the level.
//
// What w does change is qi's next dispatch R: bounded by w's arrival
// when w joins and after each of qi's finishes since (apply), it is
// followed along to find w's finish at each dispatch, and qi takes it
// with w. Taking w in now then gives the state going back would.
//
// If w would have been dispatched before a step since, with back the
// replay goes back before that step only, rather than to where qi was
// emptied, and takes w in there (see joinBefore). spoilt reports that
// it went back and then could not take in again a waiter it had: the
// replay is then to be copied afresh.
func (p *queueSet) joinLate(qi int, num uint64, w *waiter, now sim.Time, back bool) (ok, spoilt bool) {
	k, q := p.kept, &p.queues[qi]
	if k == nil || p.limit < 1 || q.n != 0 || q.base+uint64(len(q.waiting)) != num {
		return false, false
	}
	if !p.pending && p.seatsInUse < p.limit {
		return false, false // dispatching stopped with seats free: w would take one
	}
	// Back to the state that emptied qi, the steps since being entries
	// from..end-1, each checked but for w's finish; r is qi's next
	// dispatch R there.
	from, r := k.ops.end, q.nextDispatchR
	after := &p.tally
	for ; after.lastEmptied != qi; after = &k.ops.at(from).before {
		if after.lastAt <= now || from == k.floor {
			return false, false
		}
		from--
		u := k.ops.at(from)
		switch {
		case u.from != popNone && u.before.seatsInUse < p.limit:
			return false, false
		case int(u.qi) != qi:
		case u.from == popNone:
			return false, false // a waiter taken in, or a dispatch
		default:
			r = u.q.nextDispatchR // before one of qi's events
		}
	}
	if after.lastAt <= now {
		return false, false
	}
	// Forward, with w: its finish against each dispatch's pick.
	n := len(p.queues)
	r = max(r, w.arrivalR)
	for i := from; i < k.ops.end; i++ {
		u := k.ops.at(i)
		switch {
		case int(u.qi) == qi:
			after := &p.tally
			if i+1 < k.ops.end {
				after = &k.ops.at(i + 1).before
			}
			if e := &after.last; e.kind == evFinish {
				r = max(r+e.arg, w.arrivalR)
			}
		case u.joined || u.from != popNone:
		default:
			finish := r + w.totalWork
			bq := &u.q
			f := bq.nextDispatchR + bq.waiting[bq.head].totalWork
			start := u.before.robin + 1
			if finish < f || finish == f && (qi-start+2*n)%n < (int(u.qi)-start+2*n)%n {
				if !back {
					return false, false
				}
				return k.joinBefore(p, i, qi, w, r, now)
			}
		}
	}
	k.joinAt(p, qi, w, r)
	return true, false
}
