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

// events is a binary min-heap ordered by (at, pushed, seq). Like the sim
// package's queue it is written out, not driven by container/heap, and
// its sifts move a hole rather than swapping.
type events []event

func before(a, b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.pushed != b.pushed {
		return a.pushed < b.pushed
	}
	return a.seq < b.seq
}

func (h *events) push(e event) {
	s := append(*h, e)
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
	*h = s
}

func (h *events) pop() event {
	s := *h
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
	*h = s
	return top
}
