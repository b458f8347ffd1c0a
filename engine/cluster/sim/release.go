package sim

import "sync"

// spareQueues are the queues of released loops, emptied, for the next
// loops made: a cluster's loop grows its queue to the same size run after
// run.
var spareQueues sync.Pool

// Release ends the loop's run: whatever is still scheduled is dropped,
// unrun, and the queue's memory goes to the next loop made. Nothing may
// be scheduled on l afterwards, and no timer of l may be reset or
// stopped: a runner releases a loop once it has read all it wants of the
// run.
func (l *Loop) Release() {
	l.firing = nil
	q := l.q
	l.q = queue{}
	clear(q.slots) // what the events would have run, and their timers
	q.e, q.slots, q.free = q.e[:0], q.slots[:0], q.free[:0]
	spareQueues.Put(&q)
}
