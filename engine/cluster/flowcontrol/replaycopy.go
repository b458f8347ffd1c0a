package flowcontrol

// copyForPrediction copies the state into the reusable scratch set, ready
// to replay.
func (qs *queueSet) copyForPrediction() *queueSet {
	if qs.scratch == nil {
		qs.scratch = &queueSet{}
	}
	p := qs.scratch
	p.copyFrom(qs)
	p.shadowing, p.handled, p.lastEmptied, p.replay, p.events.keep = false, false, -1, true, true
	return p
}

// copyFrom makes dst a copy of src sharing nothing with it, reusing dst's
// buffers: each queue's requests go into the buffer dst keeps for that
// queue, which the waiters that join it later grow, so that a copy
// allocates nothing once the buffers have grown. dst keeps its own
// scratch set and kept run.
func (dst *queueSet) copyFrom(src *queueSet) {
	queues, evs, nonEmpty, stale, bufs, finish, scratch, kept := dst.queues, dst.events, dst.nonEmpty, dst.stale, dst.bufs, dst.finish.v, dst.scratch, dst.kept
	*dst = *src
	dst.finish.v = append(finish[:0], src.finish.v...)
	dst.scratch, dst.kept = scratch, kept
	dst.queues = append(queues[:0], src.queues...)
	dst.events = evs
	dst.events.copyFrom(&src.events)
	dst.nonEmpty = append(nonEmpty[:0], src.nonEmpty...)
	dst.stale = append(stale[:0], src.stale...)
	if n := len(src.queues); len(bufs) < n {
		bufs = append(bufs, make([][]waiter, n-len(bufs))...)
	}
	for i := range dst.queues {
		q := &dst.queues[i]
		// Those gone from the middle are copied too: their numbers
		// stay.
		b := append(bufs[i][:0], q.waiting[q.head:]...)
		bufs[i] = b
		q.waiting, q.base, q.head = b, q.base+uint64(q.head), 0
	}
	dst.bufs = bufs
}

// replayBufferKept is the most waiters a replay's buffer for a queue
// keeps room for once the replay is let go.
const replayBufferKept = 256

// trimBuffers frees the replay's queue buffers grown beyond
// replayBufferKept, once the replay is let go: a burst's do not outlive
// it.
func (p *queueSet) trimBuffers() {
	for i, b := range p.bufs {
		if cap(b) > replayBufferKept {
			p.bufs[i] = nil
		}
	}
	for i := range p.queues {
		p.queues[i].waiting = nil
	}
}
