package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/sim"

// eventKind is what happens to a priority level at an instant.
type eventKind uint8

const (
	// evFinish ends a request's service time.
	evFinish eventKind = iota
	// evRelease frees the seats a request held for its additional
	// latency after its service time.
	evRelease
	// evTimeout removes a doomed request from its queue when its
	// queue-wait limit runs out.
	evTimeout
)

// event is a future change to a level's seats or queues: 48 bytes and no
// pointers, so a level's state copies cheaply for predictions.
type event struct {
	at sim.Time
	// pushed and seq order events due at the same instant: by the instant
	// they were scheduled, then in the order they were. The level's own
	// clock never goes back, so this is the order of scheduling alone;
	// the prediction's shadow (see predict) schedules ahead of the level
	// and relies on pushed to keep the level's order.
	pushed sim.Time
	seq    uint64
	// arg is, for evFinish, what finishing adds to the queue's next
	// dispatch R: initial seats × (service time − the estimate charged
	// at dispatch); for evTimeout, the doomed request's id.
	arg     int64
	queue   int32 // -1 for a request that went through no queue
	seats   int32
	kind    eventKind
	release bool // evFinish: also free the seats (no additional latency)
}

// events is a level's future events in (at, pushed, seq) order: a run
// of events pushed in that order, taken from its front, and a binary
// min-heap of the others. Most events come in order (requests of one
// service time finish in the order they started), so most pushes append
// to the run and most pops take its front, where a heap alone sifts
// through its depth each time; the earlier of the two fronts is always
// the earliest event, so the order is the heap's. Like the sim package's
// queue the heap is written out, not driven by container/heap, and its
// sifts move a hole rather than swapping.
type events struct {
	run  []event // in order; run[head:] are still to come
	head int
	heap []event
	// keep keeps the run's taken events where they are, for a replay's
	// undo log (see unpop): the run's buffer is never reused or
	// compacted.
	keep bool
}

func before(a, b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.pushed != b.pushed {
		return a.pushed < b.pushed
	}
	return a.seq < b.seq
}

// len returns how many events are to come.
func (h *events) len() int { return len(h.run) - h.head + len(h.heap) }

// peek returns the earliest event, which must exist.
func (h *events) peek() *event {
	e, _ := h.front()
	return e
}

// front returns the earliest event, which must exist, and whether it is
// the run's front rather than the heap's, for takeFront.
func (h *events) front() (e *event, inRun bool) {
	if h.runFirst() {
		return &h.run[h.head], true
	}
	return &h.heap[0], false
}

// takeFront removes the earliest event, which front found in the run or
// the heap, without comparing the two fronts again.
func (h *events) takeFront(inRun bool) event {
	if inRun {
		h.head++
		return h.run[h.head-1]
	}
	return h.popHeap()
}

// runFirst reports whether the earliest event is the run's front rather
// than the heap's.
func (h *events) runFirst() bool {
	return h.head < len(h.run) && (len(h.heap) == 0 || before(&h.run[h.head], &h.heap[0]))
}

// due reports whether an event is to come at or before t.
func (h *events) due(t sim.Time) bool { return h.len() > 0 && h.peek().at <= t }

func (h *events) push(e event) {
	switch n := len(h.run); {
	case h.head == n && !h.keep:
		h.run, h.head = append(h.run[:0], e), 0
	case h.head == n || !before(&e, &h.run[n-1]):
		if h.head > n/2 && h.head >= 64 && !h.keep {
			// Most of the run is taken: its rest moves to the front.
			h.run, h.head = h.run[:copy(h.run, h.run[h.head:])], 0
		}
		h.run = append(h.run, e)
	default:
		h.pushHeap(e)
	}
}

func (h *events) pop() event {
	e, _ := h.take()
	return e
}

// take is pop that also reports whether the event came from the run.
func (h *events) take() (e event, fromRun bool) {
	_, fromRun = h.front()
	return h.takeFront(fromRun), fromRun
}

// unpop undoes the take of e, with keep set: the run's front goes back
// before the run's next one, a heap event back into the heap.
func (h *events) unpop(e event, fromRun bool) {
	if fromRun {
		h.head--
		return
	}
	h.pushHeap(e)
}

// unpush removes the events scheduled with a sequence number after seq,
// with keep set: the last ones pushed, from the end of the run or from
// the heap.
func (h *events) unpush(seq uint64) {
	for len(h.run) > h.head && h.run[len(h.run)-1].seq > seq {
		h.run = h.run[:len(h.run)-1]
	}
	n := len(h.heap)
	for i := 0; i < n; {
		if h.heap[i].seq > seq {
			n--
			h.heap[i], h.heap[n] = h.heap[n], h.heap[i]
			continue
		}
		i++
	}
	if n == len(h.heap) {
		return
	}
	rest := h.heap[:n]
	h.heap = h.heap[:0]
	for _, e := range rest {
		h.pushHeap(e)
	}
}

// copyFrom makes h a copy of src, reusing h's buffers.
func (h *events) copyFrom(src *events) {
	h.run, h.head = append(h.run[:0], src.run[src.head:]...), 0
	h.heap = append(h.heap[:0], src.heap...)
}

func (h *events) pushHeap(e event) {
	s := append(h.heap, e)
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !before(&e, &s[p]) {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = e
	h.heap = s
}

func (h *events) popHeap() event {
	s := h.heap
	top := s[0]
	n := len(s) - 1
	last := s[n]
	s = s[:n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && before(&s[r], &s[c]) {
			c = r
		}
		if !before(&s[c], &last) {
			break
		}
		s[i] = s[c]
		i = c
	}
	if n > 0 {
		s[i] = last
	}
	h.heap = s
	return top
}
