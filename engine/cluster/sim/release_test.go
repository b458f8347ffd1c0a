package sim

import (
	"slices"
	"testing"
	"time"
)

// TestReleasedQueueServesTheNextLoop: what a released loop left pending
// never runs, and a loop made after it, in its queue's memory, runs its
// own events in order.
func TestReleasedQueueServesTheNextLoop(t *testing.T) {
	tests := []struct {
		name    string
		pending int // events left scheduled on the released loop
		timers  int // of which the first ones have timers
	}{
		{"nothing pending", 0, 0},
		{"events pending", 5, 0},
		{"timers pending", 5, 3},
		{"more than the queue's first room", queueRoom + 10, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := NewLoop()
			ran := 0
			for i := range tc.pending {
				if i < tc.timers {
					old.After(time.Duration(i+1)*time.Second, func() { ran++ })
				} else {
					old.Post(Time(time.Duration(i+1)*time.Second), Func(func() { ran++ }))
				}
			}
			old.Step()
			old.Release()
			if old.Pending() != 0 {
				t.Errorf("released loop has %d pending", old.Pending())
			}
			l := NewLoop()
			var order []int
			for _, i := range []int{3, 1, 2} {
				l.At(Time(time.Duration(i)*time.Second), func() { order = append(order, i) })
			}
			stopped := l.After(time.Second, func() { order = append(order, 99) })
			stopped.Stop()
			l.RunFor(time.Minute)
			if want := []int{1, 2, 3}; !slices.Equal(order, want) {
				t.Errorf("order %v, want %v", order, want)
			}
			if want := min(tc.pending, 1); ran != want {
				t.Errorf("the released loop ran %d events, want %d", ran, want)
			}
		})
	}
}
