package book

import (
	"runtime"
	"sync"
)

// parallelDo calls fn(i) for every i in [0, n) on all cores. Results go
// into slots indexed by i, so their order never depends on scheduling.
func parallelDo(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
