package flowcontrol

import "time"

// job is one request as the dispatcher sees it.
type job struct {
	id           uint64
	seats        int32 // seats held: Work.Seats
	initialSeats int32
	service      time.Duration // the caller's service time
	extra        time.Duration // Work.AdditionalLatency
	// totalWork is what dispatch charges the queue, in seat-nanoseconds:
	// InitialSeats × the estimated service time, plus the final work
	// (queueset/types.go, completeWorkEstimate).
	totalWork int64
}

// waiter is a job waiting in a queue.
type waiter struct {
	job
	arrivalR int64 // the progress meter R when it arrived
	// doomed marks a request already answered 429 because it would not
	// be dispatched within the queue-wait limit; it holds its place in
	// the queue until then, as a real one does until its context
	// expires, but is never executed.
	doomed bool
	gone   bool // left the queue from the middle; skipped at the head
}

// queue is one FIFO of a priority level, with the fair-queuing state
// Kubernetes keeps for it (queueset/types.go). Waiters are numbered in
// arrival order; waiting[0] is number base, and those before head have
// left.
type queue struct {
	waiting []waiter
	base    uint64
	// nextDispatchR is the R at which the queue's next request is
	// dispatched in the virtual world.
	nextDispatchR int64
	workSum       int64
	// The counts are 32-bit, as a job's seats are, so that a queue is 64
	// bytes: a level has up to 128 queues, and a prediction copies them.
	head       int32
	n          int32 // waiters present
	executing  int32 // requests in their service time
	seatsInUse int32 // seats held, additional latency included
}

func (q *queue) length() int { return int(q.n) }

// idle reports whether nothing waits or executes in the queue.
func (q *queue) idle() bool { return q.n == 0 && q.executing == 0 }

// peek returns the oldest waiter, or nil.
func (q *queue) peek() *waiter {
	if q.n == 0 {
		return nil
	}
	return &q.waiting[q.head]
}

// push appends w and returns its number.
func (q *queue) push(w waiter) uint64 {
	num := q.base + uint64(len(q.waiting))
	q.waiting = append(q.waiting, w)
	q.n++
	q.workSum += w.totalWork
	return num
}

// pop removes the oldest waiter and returns where it still is: in the
// queue's buffer, until the queue is tidied or pushed to. The caller
// tidies once done with it; a waiter is not copied out for the dispatch
// that reads a few of its fields.
func (q *queue) pop() *waiter {
	w := &q.waiting[q.head]
	q.head++
	q.left(w)
	return w
}

// at returns waiter number num if it is still in the queue, or nil.
func (q *queue) at(num uint64) *waiter {
	if num < q.base+uint64(q.head) || num >= q.base+uint64(len(q.waiting)) {
		return nil
	}
	if w := &q.waiting[num-q.base]; !w.gone {
		return w
	}
	return nil
}

// drop removes waiter number num from wherever it is in the queue; the
// caller tidies.
func (q *queue) drop(num uint64) (waiter, bool) {
	w := q.at(num)
	if w == nil {
		return waiter{}, false
	}
	w.gone = true
	out := *w
	q.left(w)
	return out, true
}

// left accounts for w's leaving and moves the head past waiters gone from
// the middle.
func (q *queue) left(w *waiter) {
	q.n--
	q.workSum -= w.totalWork
	for int(q.head) < len(q.waiting) && q.waiting[q.head].gone {
		q.head++
	}
}

// tidy reuses the queue's buffer once every waiter has left, and
// compacts it now and then while most of it has. A replay's queues are
// not tidied: its undo log takes them back to buffers as they were.
func (q *queue) tidy() {
	switch {
	case int(q.head) == len(q.waiting):
		q.base += uint64(len(q.waiting))
		q.waiting, q.head = q.waiting[:0], 0
	case q.head >= 64 && 2*int(q.head) >= len(q.waiting):
		n := copy(q.waiting, q.waiting[q.head:])
		q.base += uint64(q.head)
		q.waiting, q.head = q.waiting[:n], 0
	}
}
