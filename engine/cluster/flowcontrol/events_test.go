package flowcontrol

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestEventsOrder pushes and pops seeded random events, mostly in order
// as a level's finishes come and some out of it, through events and a
// sorted reference list: every pop must be the reference's earliest, the
// length and the earliest must agree throughout, and a copy taken midway
// must pop the same events as the original.
func TestEventsOrder(t *testing.T) {
	r := sim.NewRand(7)
	var h events
	var ref []event
	var seq uint64
	clock := sim.Time(0)
	cmp := func(a, b event) int {
		switch {
		case before(&a, &b):
			return -1
		case before(&b, &a):
			return 1
		}
		return 0
	}
	fromHeap := 0
	for i := range 20000 {
		if r.Intn(3) > 0 || len(ref) == 0 {
			clock += sim.Time(r.Intn(5))
			at := clock + sim.Time(100)
			if r.Intn(8) == 0 {
				at = clock + sim.Time(r.Intn(100)) // out of order
			}
			seq++
			e := event{at: at, pushed: clock, seq: seq, arg: int64(i)}
			h.push(e)
			ref = append(ref, e)
			slices.SortFunc(ref, cmp)
		} else {
			if h.head == len(h.run) || len(h.heap) > 0 && before(&h.heap[0], &h.run[h.head]) {
				fromHeap++
			}
			got, want := h.pop(), ref[0]
			ref = ref[1:]
			if got != want {
				t.Fatalf("pop %d: got %+v, want %+v", i, got, want)
			}
		}
		if h.len() != len(ref) || len(ref) > 0 && *h.peek() != ref[0] {
			t.Fatalf("step %d: %d events, earliest %+v; want %d, %+v", i, h.len(), *h.peek(), len(ref), ref[0])
		}
		if i == 10000 {
			var c events
			c.copyFrom(&h)
			for _, want := range ref {
				if got := c.pop(); got != want {
					t.Fatalf("the copy popped %+v, want %+v", got, want)
				}
			}
			if c.len() != 0 {
				t.Fatalf("the copy has %d events left", c.len())
			}
		}
	}
	if fromHeap == 0 {
		t.Fatal("no event came from the heap: the test does not reach it")
	}
}

// TestEventsUndo takes and pushes events with keep set, through the run
// and the heap, then undoes them in reverse: after each undo the events
// must pop in the order they did before the change undone.
func TestEventsUndo(t *testing.T) {
	for _, tc := range []struct {
		name    string
		outside int // every so many pushes, one out of order (into the heap)
	}{
		{"in order", 0},
		{"some out of order", 4},
		{"most out of order", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sim.NewRand(3)
			h := events{keep: true}
			order := func() []event {
				var c events
				c.copyFrom(&h)
				var out []event
				for c.len() > 0 {
					out = append(out, c.pop())
				}
				return out
			}
			type change struct {
				took    bool
				e       event
				fromRun bool
				seq     uint64
			}
			var changes []change
			var before [][]event
			var seq uint64
			clock := sim.Time(0)
			for i := range 3000 {
				before = append(before, order())
				if r.Intn(3) > 0 || h.len() == 0 {
					clock += sim.Time(r.Intn(4))
					at := clock + 50
					if tc.outside > 0 && i%tc.outside == 0 {
						at = clock + sim.Time(r.Intn(50))
					}
					changes = append(changes, change{seq: seq})
					seq++
					h.push(event{at: at, pushed: clock, seq: seq})
					continue
				}
				e, fromRun := h.take()
				changes = append(changes, change{took: true, e: e, fromRun: fromRun, seq: seq})
			}
			for i := len(changes) - 1; i >= 0; i-- {
				c := changes[i]
				if c.took {
					h.unpop(c.e, c.fromRun)
				} else {
					h.unpush(c.seq)
				}
				if got, want := order(), before[i]; !slices.Equal(got, want) {
					t.Fatalf("undoing change %d: %d events, want %d", i, len(got), len(want))
				}
			}
		})
	}
}
