package workqueue_test

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// drain takes every ready key, marking each Done at once.
func drain(q *workqueue.Queue) []string {
	var out []string
	for {
		k, ok := q.Get()
		if !ok {
			return out
		}
		out = append(out, k)
		q.Done(k)
	}
}

func TestQueue(t *testing.T) {
	tests := []struct {
		name string
		run  func(q *workqueue.Queue) []string
		want []string
	}{
		{"fifo", func(q *workqueue.Queue) []string {
			q.Add("b")
			q.Add("a")
			q.Add("c")
			return drain(q)
		}, []string{"b", "a", "c"}},
		{"duplicates coalesce", func(q *workqueue.Queue) []string {
			q.Add("a")
			q.Add("b")
			q.Add("a")
			q.Add("a")
			return drain(q)
		}, []string{"a", "b"}},
		{"a key being processed is not handed out again", func(q *workqueue.Queue) []string {
			q.Add("a")
			k, _ := q.Get()
			q.Add("a") // while a worker holds it
			_, ok := q.Get()
			out := []string{k}
			if ok {
				out = append(out, "second worker got a")
			}
			q.Done("a") // now it is queued again
			return append(out, drain(q)...)
		}, []string{"a", "a"}},
		{"re-added while processing goes to the back", func(q *workqueue.Queue) []string {
			q.Add("a")
			q.Add("b")
			k, _ := q.Get()
			q.Add("a")
			q.Add("c")
			q.Done(k)
			return append([]string{k}, drain(q)...)
		}, []string{"a", "b", "c", "a"}},
		{"shut down ignores new keys but drains old ones", func(q *workqueue.Queue) []string {
			q.Add("a")
			q.ShutDown()
			q.Add("b")
			return drain(q)
		}, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := workqueue.New(sim.NewLoop(), nil)
			if got := tt.run(q); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if q.Len() != 0 {
				t.Errorf("Len = %d after draining", q.Len())
			}
		})
	}
}

func TestAddAfter(t *testing.T) {
	ms := time.Millisecond
	type add struct {
		key string
		d   time.Duration
	}
	tests := []struct {
		name string
		adds []add
		want []string // "key@time" in the order keys become ready
	}{
		{"ready in time order", []add{{"c", 30 * ms}, {"a", 10 * ms}, {"b", 20 * ms}}, []string{"a@0.010s", "b@0.020s", "c@0.030s"}},
		{"equal times keep add order", []add{{"b", 10 * ms}, {"a", 10 * ms}}, []string{"b@0.010s", "a@0.010s"}},
		{"zero delay is immediate", []add{{"a", 0}, {"b", -ms}}, []string{"a@0.000s", "b@0.000s"}},
		{"a waiting key keeps the earlier time", []add{{"a", 50 * ms}, {"a", 20 * ms}, {"a", 40 * ms}}, []string{"a@0.020s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loop := sim.NewLoop()
			q := workqueue.New(loop, nil)
			for _, a := range tt.adds {
				q.AddAfter(a.key, a.d)
			}
			var got []string
			take := func() {
				for _, k := range drain(q) {
					got = append(got, k+"@"+loop.Now().String())
				}
			}
			take()
			for loop.Step() {
				take()
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestShutDownDropsWaitingKeys(t *testing.T) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	q.AddAfter("a", time.Second)
	q.ShutDown()
	loop.Run()
	if q.Len() != 0 || q.Waiting() != 0 || loop.Pending() != 0 {
		t.Errorf("after shutdown: len %d waiting %d pending events %d", q.Len(), q.Waiting(), loop.Pending())
	}
}
