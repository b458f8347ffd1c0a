package workqueue_test

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// BenchmarkQueueAddGetDone is one key through Add, Get and Done, over
// 1,000 distinct keys.
func BenchmarkQueueAddGetDone(b *testing.B) {
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = fmt.Sprintf("ns/web-%04d", i)
	}
	q := workqueue.New(sim.NewLoop(), nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		q.Add(keys[i%len(keys)])
		k, _ := q.Get()
		q.Done(k)
	}
}

// BenchmarkQueueCoalesce is 1,000 Adds of 100 keys, then draining them:
// most Adds find their key already dirty.
func BenchmarkQueueCoalesce(b *testing.B) {
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = fmt.Sprintf("ns/web-%04d", i)
	}
	q := workqueue.New(sim.NewLoop(), nil)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range 1000 {
			q.Add(keys[i%len(keys)])
		}
		for {
			k, ok := q.Get()
			if !ok {
				break
			}
			q.Done(k)
		}
	}
}

// BenchmarkRunner is one key reconciled through a Runner on the loop.
func BenchmarkRunner(b *testing.B) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	workqueue.RunWorkers(q, 2, func(string) error { return nil }, workqueue.Options{})
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		q.Add("ns/web")
		loop.Run()
		_ = i
	}
}
