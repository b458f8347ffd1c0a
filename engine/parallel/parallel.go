// Package parallel runs independent pieces of work on all cores. Each
// piece writes its result into its own slot, so the results' order never
// depends on how the work was scheduled, and a build stays byte-identical
// however many cores it had.
package parallel

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Do calls fn(i) for every i in [0, n), on as many goroutines as there
// are cores (one, in the caller's, when there is one core or one piece),
// starting the pieces in index order. fn must write its results by index.
func Do(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}

// LongestFirst is Do, starting the pieces by rank, lowest first, ties in
// index order: rank lowest the pieces that run longest, so that no long
// piece starts last and runs alone at the end. fn still gets each piece's
// own index.
func LongestFirst(n int, rank func(i int) int, fn func(i int)) {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(a) - rank(b) })
	Do(n, func(j int) { fn(order[j]) })
}

// Map returns fn(i) for every i in [0, n), computed as Do computes them,
// in index order.
func Map[T any](n int, fn func(i int) T) []T {
	out := make([]T, n)
	Do(n, func(i int) { out[i] = fn(i) })
	return out
}
