package sim

// entry is one scheduled event in the heap. It holds no pointers, so moving
// it is a plain 24-byte copy; what the event runs lives in the slot table.
type entry struct {
	at   Time
	seq  uint64
	slot int32
}

// slot is what a scheduled event runs, and where its entry sits in the
// heap, so that a timer can be cancelled in O(log n).
type slot struct {
	h   Handler
	t   *Timer // nil for events posted without a timer
	pos int32
}

// queue is a binary min-heap of entries ordered by (at, seq).
//
// It is written out rather than driven by container/heap: the heap
// package's Less and Swap are interface calls, and with a thousand pending
// events they made scheduling three times slower (BenchmarkLoop, Post at
// depth 1000: about 115 ns against 40 ns). The sifts move a hole instead of
// swapping, as container/heap's algorithm does, with the same results.
type queue struct {
	e     []entry
	slots []slot
	free  []int32
}

// queueRoom is the room a loop's queue starts with. A cluster's loop holds
// about 130 events at its busiest (its periodic timers: leases, resyncs,
// probes, plus what is in flight), so the queue starts at that size with a
// margin rather than grow to it through every smaller one.
const queueRoom = 192

// newQueue returns an empty queue with queueRoom of room, or more: a
// released loop's (see Loop.Release).
func newQueue() queue {
	if q, ok := spareQueues.Get().(*queue); ok {
		return *q
	}
	return queue{
		e:     make([]entry, 0, queueRoom),
		slots: make([]slot, 0, queueRoom),
		free:  make([]int32, 0, queueRoom),
	}
}

func less(a, b *entry) bool {
	return a.at < b.at || a.at == b.at && a.seq < b.seq
}

// push schedules h (with its timer t, if any) and returns the slot used.
func (q *queue) push(at Time, seq uint64, h Handler, t *Timer) int32 {
	var s int32
	if n := len(q.free); n > 0 {
		s = q.free[n-1]
		q.free = q.free[:n-1]
	} else {
		s = int32(len(q.slots))
		q.slots = append(q.slots, slot{})
	}
	i := len(q.e)
	q.slots[s] = slot{h: h, t: t, pos: int32(i)}
	q.e = append(q.e, entry{at: at, seq: seq, slot: s})
	q.up(i)
	return s
}

// remove takes out the entry at index i, frees its slot and returns what
// it would have run.
func (q *queue) remove(i int) (Time, slot) {
	e := q.e[i]
	n := len(q.e) - 1
	if i != n {
		q.e[i] = q.e[n]
		q.slots[q.e[i].slot].pos = int32(i)
	}
	q.e = q.e[:n]
	if i != n {
		q.fix(i)
	}
	s := q.slots[e.slot]
	q.slots[e.slot] = slot{} // drop references for the collector
	q.free = append(q.free, e.slot)
	if s.t != nil {
		s.t.slot = -1
	}
	return e.at, s
}

// fix restores the heap after the entry at i changed its key.
func (q *queue) fix(i int) {
	if !q.down(i) {
		q.up(i)
	}
}

func (q *queue) up(j int) {
	e := q.e
	x := e[j]
	for j > 0 {
		i := (j - 1) / 2
		if !less(&x, &e[i]) {
			break
		}
		e[j] = e[i]
		q.slots[e[j].slot].pos = int32(j)
		j = i
	}
	e[j] = x
	q.slots[x.slot].pos = int32(j)
}

// down sifts the entry at i0 towards the leaves and reports whether it
// moved.
func (q *queue) down(i0 int) bool {
	e := q.e
	n := len(e)
	x := e[i0]
	i := i0
	for {
		j := 2*i + 1
		if j >= n {
			break
		}
		if j2 := j + 1; j2 < n && less(&e[j2], &e[j]) {
			j = j2
		}
		if !less(&e[j], &x) {
			break
		}
		e[i] = e[j]
		q.slots[e[i].slot].pos = int32(i)
		i = j
	}
	e[i] = x
	q.slots[x.slot].pos = int32(i)
	return i > i0
}
