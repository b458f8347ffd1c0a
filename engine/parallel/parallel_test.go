package parallel

import (
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

func TestDoCallsEveryIndexOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 2, 3, 100} {
			calls := make([]atomic.Int32, n)
			Do(n, func(i int) { calls[i].Add(1) })
			for i := range calls {
				if got := calls[i].Load(); got != 1 {
					t.Errorf("GOMAXPROCS=%d n=%d: index %d called %d times, want 1", procs, n, i, got)
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

func TestMapKeepsIndexOrder(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	got := Map(1000, func(i int) int { return i * i })
	if len(got) != 1000 {
		t.Fatalf("Map returned %d results, want 1000", len(got))
	}
	for i, v := range got {
		if v != i*i {
			t.Fatalf("result %d = %d, want %d", i, v, i*i)
		}
	}
}

func TestLongestFirstStartsByRank(t *testing.T) {
	old := runtime.GOMAXPROCS(1) // one worker: the start order is the call order
	defer runtime.GOMAXPROCS(old)
	rank := []int{2, 1, 2, 0, 1, 0}
	var got []int
	LongestFirst(len(rank), func(i int) int { return rank[i] }, func(i int) { got = append(got, i) })
	if want := []int{3, 5, 1, 4, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("LongestFirst started %v, want %v (lowest rank first, ties in index order)", got, want)
	}
}
