package flowcontrol

import "math"

// noFinish is a queue's key in the finish tree while nothing waits in it.
const noFinish = math.MaxInt64

// finishTree finds the queue dispatchOne picks in O(log queues) rather
// than by looking at every queue: a min segment tree over each queue's
// head's finish in the virtual world (nextDispatchR plus the head's
// work), noFinish for a queue with nothing waiting. The level updates a
// queue's key after every change to its head or its nextDispatchR.
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

// leftmostMin returns the lowest queue index in [lo, hi) whose key is the
// least there, and that key; -1 and noFinish when no queue there waits.
func (t *finishTree) leftmostMin(lo, hi int) (int, int64) {
	best, val := -1, int64(noFinish)
	var right [64]int
	nr := 0
	for l, r := lo+t.size, hi+t.size; l < r; l, r = l>>1, r>>1 {
		if l&1 == 1 {
			if t.v[l] < val {
				best, val = l, t.v[l]
			}
			l++
		}
		if r&1 == 1 {
			r--
			right[nr] = r
			nr++
		}
	}
	for k := nr - 1; k >= 0; k-- {
		if n := right[k]; t.v[n] < val {
			best, val = n, t.v[n]
		}
	}
	if best < 0 {
		return -1, noFinish
	}
	for best < t.size {
		if t.v[2*best] == val {
			best = 2 * best
		} else {
			best = 2*best + 1
		}
	}
	return best - t.size, val
}
