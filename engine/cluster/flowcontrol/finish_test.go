package flowcontrol

import (
	"math/rand/v2"
	"testing"
)

// TestFinishTreeNext checks the tree's pick against a scan of the keys in
// round-robin order from every starting queue, for trees of several sizes
// with keys drawn from a small range (so that ties are common) and with
// queues that have nothing waiting.
func TestFinishTreeNext(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 5, 8, 64, 100, 128} {
		for round := range 50 {
			tree := newFinishTree(n)
			keys := make([]int64, n)
			for i := range keys {
				keys[i] = noFinish
				if round > 0 && rng.IntN(3) > 0 {
					keys[i] = rng.Int64N(6)
				}
				tree.set(i, keys[i])
			}
			for from := range n {
				if got, want := tree.next(from), scanNext(keys, from); got != want {
					t.Fatalf("n=%d keys=%v from=%d: next = %d, want %d", n, keys, from, got, want)
				}
			}
		}
	}
}

// scanNext is finishTree.next by looking at every key.
func scanNext(keys []int64, from int) int {
	best := -1
	for k := range keys {
		i := (from + k) % len(keys)
		if keys[i] != noFinish && (best < 0 || keys[i] < keys[best]) {
			best = i
		}
	}
	return best
}
