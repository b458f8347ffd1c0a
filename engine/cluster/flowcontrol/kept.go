package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/sim"

// keptRun is a kept replay's undo log (see predict): for every step the
// replay took and every waiter it took in, in order, what that changed,
// so that the replay can go back to an earlier state exactly, undoing
// them one by one from the latest.
//
// A step changes the level's tally, at most one queue, and its events:
// it takes one event or schedules those of one dispatch. An entry keeps
// the tally and the queue as they were, and how to take the events
// back: the taken event is the tally's last, the scheduled ones are
// those numbered after the tally's seq. The finish tree and the
// non-empty bits follow from the queues. A replay never reuses the
// buffers of requests and events that left (see queue.tidy and
// events.keep), so a queue as it was still finds its requests there.
//
// The replay goes back to let an arrival join where its queue still held
// waiters or was just emptied. The waiters it took in after that state
// could each join it too, behind waiters of their queues: a waiter joins
// a state where its queue holds waiters or was just emptied, and a queue
// loses waiters only by steps, so in every earlier state past the
// arrival the queue held waiters. Taking them in again, in order, thus
// gives a state of the same future, which the new arrival then joins.
type keptRun struct {
	ops    undoLog
	floor  int       // the entries before number floor are never undone: the states before them are not later than the level's present
	undone []arrival // the waiters the replay went back before, latest first
	late   int       // waiters taken in by joinLate (tests)
}

// undo is what one step, or one waiter taken in, changed. A waiter
// taken in is not kept here: undoing it finds it at the back of its
// queue, where it went, as the state is then the one it made.
type undo struct {
	before  tally
	q       queue // queues[qi] before, when qi >= 0
	qi      int32
	from    popSource // where the step took its event from
	joined  bool      // a waiter taken in rather than a step
	dropped int32     // the index in q.waiting of the waiter the step's time-out marked gone; -1: none
}

// popSource is where a step took its event from, if it took one.
type popSource uint8

const (
	popNone popSource = iota
	popRun
	popHeap
)

// arrival is a waiter the replay took into queue qi.
type arrival struct {
	w  waiter
	qi int32
}

// reset forgets everything: the replay cannot go back before its state.
func (k *keptRun) reset() {
	k.ops.reset()
	k.floor = 0
}

// trim forgets everything and frees most of the log's room, once the
// replay is no longer kept.
func (k *keptRun) trim() {
	k.ops.trim()
	k.floor = 0
	k.undone = k.undone[:0]
}

// record logs p's state before a step that may change queue qi (-1:
// none) and returns the entry's index; -1 without a log.
func (k *keptRun) record(p *queueSet, qi int) int {
	if k == nil {
		return -1
	}
	o := k.ops.push()
	u := k.ops.at(o)
	u.before, u.qi = p.tally, int32(qi)
	u.from, u.joined, u.dropped = popNone, false, -1
	if qi >= 0 {
		u.q = p.queues[qi]
	}
	return o
}

// cancel drops entry o, the latest, for a step not taken after all.
func (k *keptRun) cancel(o int) {
	if o >= 0 {
		k.ops.truncate(o)
	}
}

// popped notes in entry o that its step took an event from the run or
// the heap.
func (k *keptRun) popped(o int, fromRun bool) {
	if o < 0 {
		return
	}
	u := k.ops.at(o)
	u.from = popHeap
	if fromRun {
		u.from = popRun
	}
}

// dropping notes in entry o the waiter num of q that its step's time-out
// is about to mark gone, if it is still there.
func (k *keptRun) dropping(o int, q *queue, num uint64) {
	if o >= 0 && q.at(num) != nil {
		k.ops.at(o).dropped = int32(num - q.base)
	}
}

// joining logs p's state before it takes w into queue qi.
func (k *keptRun) joining(p *queueSet, qi int, w *waiter) {
	if o := k.record(p, qi); o >= 0 {
		k.ops.at(o).joined = true
	}
}

// forget stops at the states not later than now: an arrival at now or
// after joins none of them. The entries before them go a block at a
// time.
func (k *keptRun) forget(now sim.Time) {
	for k.floor < k.ops.end && k.ops.at(k.floor).before.lastAt <= now {
		k.floor++
	}
	k.ops.dropBefore(k.floor)
}

// undoLast takes p back before the latest entry's change, noting in
// undone the waiter it took in, if it did.
func (k *keptRun) undoLast(p *queueSet) {
	u := k.ops.at(k.ops.end - 1)
	if u.joined {
		q := &p.queues[u.qi]
		k.undone = append(k.undone, arrival{w: q.waiting[len(q.waiting)-1], qi: u.qi})
	}
	if u.from != popNone {
		p.events.unpop(p.last, u.from == popRun)
	}
	if p.seq != u.before.seq {
		p.events.unpush(u.before.seq)
	}
	if u.qi >= 0 {
		q := &p.queues[u.qi]
		cur := q.waiting
		*q = u.q
		if n := len(u.q.waiting); cap(cur) >= n {
			// The queue's buffer as it is now holds the same waiters
			// up to n (a replay's queue has one buffer, which only
			// grows): keep it, so that waiters taken in again after
			// going back do not grow a buffer again each time.
			q.waiting = cur[:n]
		}
		if u.dropped >= 0 {
			q.waiting[u.dropped].gone = false
		}
		p.markNonEmpty(int(u.qi))
		p.refresh(int(u.qi))
	}
	p.tally = u.before
	k.ops.truncate(k.ops.end - 1)
}

// backTo takes the replay p back to its latest state later than now that
// waiter w, number num of queue qi, can join, takes in again the waiters
// it took in since, then w. It reports false if there is none (p is then
// to be copied afresh).
func (k *keptRun) backTo(p *queueSet, qi int, num uint64, w *waiter, now sim.Time) bool {
	k.undone = k.undone[:0]
	for {
		if k.ops.end == k.floor {
			return false
		}
		k.undoLast(p)
		if p.lastAt <= now {
			return false
		}
		if p.queues[qi].n > 0 || p.lastEmptied == qi {
			break
		}
	}
	if !k.redo(p, now) {
		return false
	}
	if q := &p.queues[qi]; q.base+uint64(len(q.waiting)) != num {
		return false
	}
	return p.join(qi, w)
}

// backBefore takes the replay p back to its latest state later than now
// that has not handled an event after e, scheduled at now, and takes in
// again the waiters it took in since. It reports whether there was one.
func (k *keptRun) backBefore(p *queueSet, e event, now sim.Time) bool {
	k.undone = k.undone[:0]
	for p.passed(e, now) {
		if k.ops.end == k.floor {
			return false
		}
		k.undoLast(p)
		if p.lastAt <= now {
			return false
		}
	}
	return k.redo(p, now)
}

// redo takes in again the waiters undone holds, in the order they came,
// and reports false if one could not join, which keptRun's argument
// rules out for waiters that joined where their queues held waiters or
// were just emptied; one that joined later (see joinLate) joins as it
// did, if it still can.
func (k *keptRun) redo(p *queueSet, now sim.Time) bool {
	for i := len(k.undone) - 1; i >= 0; i-- {
		a := &k.undone[i]
		q := &p.queues[a.qi]
		if p.join(int(a.qi), &a.w) {
			continue
		}
		if ok, _ := p.joinLate(int(a.qi), q.base+uint64(len(q.waiting)), &a.w, now, false); !ok {
			return false
		}
	}
	return true
}

// joinBefore takes the replay p back before entry i, the first step
// that waiter w, joining queue qi late, would have changed (see
// joinLate), takes in again the waiters it took in since, then w, whose
// queue's next dispatch R is to be r. It reports whether it did, and
// spoilt if a waiter could not be taken in again.
func (k *keptRun) joinBefore(p *queueSet, i, qi int, w *waiter, r int64, now sim.Time) (ok, spoilt bool) {
	k.undone = k.undone[:0]
	for k.ops.end > i {
		k.undoLast(p)
	}
	if !k.redo(p, now) {
		return false, true
	}
	k.joinAt(p, qi, w, r)
	return true, false
}

// joinAt takes w into queue qi of p, which holds no waiters, with r
// the queue's next dispatch R (see joinLate).
func (k *keptRun) joinAt(p *queueSet, qi int, w *waiter, r int64) {
	k.joining(p, qi, w)
	k.late++
	p.queues[qi].nextDispatchR = r
	p.enqueue(qi, *w)
}
