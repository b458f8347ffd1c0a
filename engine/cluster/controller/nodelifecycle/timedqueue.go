package nodelifecycle

import (
	"cmp"
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// timedValue is a Node waiting in a zone's tainting queue.
type timedValue struct {
	value, uid         string
	addedAt, processAt sim.Time
	seq                uint64
}

// timedQueue is RateLimitedTimedQueue over a UniqueQueue
// (pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go): Nodes in
// processAt order, each at most once until removed, released through a
// token bucket. A Node processed successfully leaves the queue but stays
// in its set, so it is not queued again until Remove.
type timedQueue struct {
	queue   []timedValue
	set     map[string]bool
	limiter *tokenBucket
	seq     uint64
}

func newTimedQueue(qps float64, now sim.Time) *timedQueue {
	return &timedQueue{set: map[string]bool{}, limiter: newTokenBucket(qps, now)}
}

// push inserts v in (processAt, arrival) order — the heap's order with
// ties broken by arrival, for determinism.
func (q *timedQueue) push(v timedValue) {
	q.seq++
	v.seq = q.seq
	i, _ := slices.BinarySearchFunc(q.queue, v, func(a, b timedValue) int {
		if a.processAt != b.processAt {
			return cmp.Compare(a.processAt, b.processAt)
		}
		return cmp.Compare(a.seq, b.seq)
	})
	q.queue = slices.Insert(q.queue, i, v)
}

func (q *timedQueue) index(value string) int {
	return slices.IndexFunc(q.queue, func(v timedValue) bool { return v.value == value })
}

// add queues value unless it is in the set; it reports whether it did.
func (q *timedQueue) add(value, uid string, now sim.Time) bool {
	if q.set[value] {
		return false
	}
	q.push(timedValue{value: value, uid: uid, addedAt: now, processAt: now})
	q.set[value] = true
	return true
}

// remove takes value out of the queue and the set.
func (q *timedQueue) remove(value string) bool {
	if !q.set[value] {
		return false
	}
	delete(q.set, value)
	if i := q.index(value); i >= 0 {
		q.queue = slices.Delete(q.queue, i, i+1)
	}
	return true
}

func (q *timedQueue) head() (timedValue, bool) {
	if len(q.queue) == 0 {
		return timedValue{}, false
	}
	return q.queue[0], true
}

// try is RateLimitedTimedQueue.Try: while a token is available and the
// head is due, fn handles it; a failure requeues it wait later (plus one
// nanosecond, as the source does).
func (q *timedQueue) try(now sim.Time, fn func(timedValue) (bool, time.Duration)) {
	v, ok := q.head()
	for ok {
		if !q.limiter.tryAccept(now) {
			break
		}
		if now < v.processAt {
			break
		}
		if done, wait := fn(v); !done {
			v.processAt = now.Add(wait + 1)
			if i := q.index(v.value); i >= 0 {
				q.queue = slices.Delete(q.queue, i, i+1)
				q.push(v)
			}
		} else if i := q.index(v.value); i >= 0 {
			q.queue = slices.Delete(q.queue, i, i+1) // RemoveFromQueue: stays in the set
		}
		v, ok = q.head()
	}
}

// swapLimiter is SwapLimiter: a new full bucket at the new rate (drained
// when the old one had no token), unless the rate is unchanged.
func (q *timedQueue) swapLimiter(qps float64, now sim.Time) {
	if q.limiter.qps == float64(float32(qps)) {
		return
	}
	next := newTokenBucket(qps, now)
	if !next.never() && !q.limiter.tryAccept(now) {
		next.tryAccept(now)
	}
	q.limiter = next
}
