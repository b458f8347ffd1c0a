package workqueue

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Queue is a rate-limited, delaying work queue of keys
// (k8s.io/client-go/util/workqueue: queue.go, delaying_queue.go,
// rate_limiting_queue.go). It is used from the loop's goroutine only.
type Queue struct {
	loop    *sim.Loop
	limiter RateLimiter

	queue      []string // FIFO from head
	head       int
	dirty      map[string]struct{}
	processing map[string]struct{}
	waiting    map[string]*waitFor

	shuttingDown bool
	ready        func() // told when a key becomes ready (a Runner)
}

// New returns a queue on loop whose AddRateLimited delays come from
// limiter; nil means DefaultControllerRateLimiter.
func New(loop *sim.Loop, limiter RateLimiter) *Queue {
	if limiter == nil {
		limiter = DefaultControllerRateLimiter(loop)
	}
	return &Queue{loop: loop, limiter: limiter, dirty: map[string]struct{}{},
		processing: map[string]struct{}{}, waiting: map[string]*waitFor{}}
}

// Add marks key as needing processing. A key already waiting is not added
// twice; a key being processed is queued again when Done is called.
func (q *Queue) Add(key string) {
	if q.shuttingDown {
		return
	}
	if _, ok := q.dirty[key]; ok {
		return
	}
	q.dirty[key] = struct{}{}
	if _, ok := q.processing[key]; ok {
		return
	}
	q.push(key)
}

func (q *Queue) push(key string) {
	q.queue = append(q.queue, key)
	if q.ready != nil {
		q.ready()
	}
}

// Len returns the number of keys ready to be handed out.
func (q *Queue) Len() int { return len(q.queue) - q.head }

// Get hands out the next key and marks it as being processed; the caller
// must call Done with it. ok is false when no key is ready (the queue is
// empty, or shut down and drained).
func (q *Queue) Get() (key string, ok bool) {
	if q.Len() == 0 {
		return "", false
	}
	key = q.queue[q.head]
	q.queue[q.head] = ""
	q.head++
	if q.head > 64 && q.head*2 > len(q.queue) {
		n := copy(q.queue, q.queue[q.head:])
		q.queue = q.queue[:n]
		q.head = 0
	}
	q.processing[key] = struct{}{}
	delete(q.dirty, key)
	return key, true
}

// Done marks key as processed; if it was added meanwhile it is queued
// again.
func (q *Queue) Done(key string) {
	delete(q.processing, key)
	if _, ok := q.dirty[key]; ok {
		q.push(key)
	}
}

// Processing reports whether key has been handed out and not Done.
func (q *Queue) Processing(key string) bool {
	_, ok := q.processing[key]
	return ok
}

// ShutDown makes the queue ignore new keys and drops the delayed ones;
// keys already queued can still be taken with Get.
func (q *Queue) ShutDown() {
	q.shuttingDown = true
	for _, k := range slices.Sorted(maps.Keys(q.waiting)) {
		q.waiting[k].timer.Stop()
	}
	clear(q.waiting)
}

// ShuttingDown reports whether ShutDown was called.
func (q *Queue) ShuttingDown() bool { return q.shuttingDown }
