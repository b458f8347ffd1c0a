package flowcontrol

import (
	"math/rand/v2"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestScanForDispatchMatchesRoundRobin checks the word-at-a-time scan
// against looking at every queue in turn, from the one after the last
// dispatched, on random queues straddling word boundaries.
func TestScanForDispatchMatchesRoundRobin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 1 + rng.IntN(200)
		qs := &queueSet{queueCount: n}
		qs.makeQueues()
		for i := range qs.queues {
			if rng.IntN(4) == 0 {
				qs.queues[i].nextDispatchR = int64(rng.IntN(8))
				qs.queues[i].push(waiter{job: job{totalWork: int64(rng.IntN(8))}})
				qs.markNonEmpty(i)
			}
		}
		from := rng.IntN(n)
		want, wantFinish := -1, int64(0)
		for k := range n {
			i := (from + k) % n
			if q := &qs.queues[i]; q.n > 0 {
				if f := q.nextDispatchR + q.peek().totalWork; want < 0 || f < wantFinish {
					want, wantFinish = i, f
				}
			}
		}
		if got := qs.scanForDispatch(from); got != want {
			t.Fatalf("%d queues from %d: scan picked %d, want %d", n, from, got, want)
		}
	}
}

// TestShuffleShardMatchesRotation checks the choice of queue against
// comparing the hand's queues from a rotating offset, one at a time.
func TestShuffleShardMatchesRotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	qs := &queueSet{queueCount: 64}
	qs.makeQueues()
	for range 2000 {
		hand := make([]int32, 1+rng.IntN(8))
		for i := range hand {
			hand[i] = int32(rng.IntN(64))
		}
		for i := range qs.queues {
			qs.queues[i].workSum = int64(rng.IntN(4))
		}
		offset := qs.enqueues % len(hand)
		want, wantWork := -1, int64(0)
		for i := range hand {
			qi := int(hand[(offset+i)%len(hand)])
			if w := qs.queues[qi].workSum; want < 0 || w < wantWork {
				want, wantWork = qi, w
			}
		}
		if got := qs.shuffleShard(hand); got != want {
			t.Fatalf("hand %v at offset %d: picked %d, want %d", hand, offset, got, want)
		}
	}
}

// TestFrontTakeFrontMatchesTake checks that taking the front found by
// front takes the events in the order take does.
func TestFrontTakeFrontMatchesTake(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var a, b events
	for i := range 5000 {
		if rng.IntN(3) > 0 || a.len() == 0 {
			e := event{at: sim.Time(i/2 + rng.IntN(50)), seq: uint64(i)}
			a.push(e)
			b.push(e)
			continue
		}
		want, wantRun := a.take()
		next, inRun := b.front()
		if *next != want || inRun != wantRun {
			t.Fatalf("front %+v (run %v), want %+v (run %v)", *next, inRun, want, wantRun)
		}
		if got := b.takeFront(inRun); got != want {
			t.Fatalf("took %+v, want %+v", got, want)
		}
	}
}
