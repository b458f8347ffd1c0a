package flowcontrol

import "math"

// noFinish is a queue's key in the finish tree while nothing waits in it.
const noFinish = math.MaxInt64

// finishTree finds the queue dispatchOne picks in O(log queues) rather
// than by looking at every queue: a min segment tree over each queue's
// head's finish in the virtual world (nextDispatchR plus the head's
// work), noFinish for a queue with nothing waiting. The level notes every
// change to a queue's head or nextDispatchR (refresh) and sets the keys
// of the queues noted when it next uses the tree (flushFinish); with few
// queues waiting it looks at each instead (pick).
type finishTree struct {
	size int     // leaves: a power of two, at least the number of queues
	v    []int64 // v[1] is the root; queue i's key is v[size+i]
}

func newFinishTree(n int) finishTree {
	size := 1
	for size < n {
		size <<= 1
	}
	t := finishTree{size: size, v: make([]int64, 2*size)}
	for i := range t.v {
		t.v[i] = noFinish
	}
	return t
}

// set gives queue i the key f.
func (t *finishTree) set(i int, f int64) {
	j := t.size + i
	if t.v[j] == f {
		return
	}
	t.v[j] = f
	for j >>= 1; j > 0; j >>= 1 {
		m := min(t.v[2*j], t.v[2*j+1])
		if t.v[j] == m {
			return // and so are the nodes above
		}
		t.v[j] = m
	}
}

// next returns the queue dispatchOne picks when its round-robin pointer
// stands before queue from: the one with the least key, the first at or
// after from that has it, else the first before from; -1 when no queue
// waits. The least key is the root's, so the search needs no range
// minimum: it walks right from from's leaf to the first subtree holding
// that key, and descends into it.
func (t *finishTree) next(from int) int {
	least := t.v[1]
	if least == noFinish {
		return -1
	}
	if i := t.firstWith(from, least); i >= 0 {
		return i
	}
	return t.firstWith(0, least)
}

// firstWith returns the lowest queue index at or after from whose key is
// at most key, or -1.
func (t *finishTree) firstWith(from int, key int64) int {
	j := from + t.size
	for t.v[j] > key {
		// To the next subtree on the right: up while j is a right
		// child (the root counts as one), then across.
		for j&1 == 1 {
			if j >>= 1; j == 0 {
				return -1
			}
		}
		j++
	}
	for j < t.size {
		if j *= 2; t.v[j] > key {
			j++
		}
	}
	return j - t.size
}
