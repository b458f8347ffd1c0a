package scenario

import (
	"runtime"
	"sync"
)

// parallel runs f(0), …, f(n-1) on at most GOMAXPROCS goroutines and
// returns the results in index order. Each f must use only what it owns
// (one cluster per call).
func parallel[T any](n int, f func(i int) T) []T {
	out := make([]T, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			out[i] = f(i)
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
