package replicaset

import (
	"errors"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Expectations hold a ReplicaSet back until its creations and deletions
// are observed, or for ExpectationsTimeout at most.
func TestExpectations(t *testing.T) {
	const key = "demo/web"
	tests := []struct {
		name string
		run  func(e *expectations, loop *sim.Loop)
		want bool
	}{
		{"nothing expected", func(*expectations, *sim.Loop) {}, true},
		{"creations pending", func(e *expectations, _ *sim.Loop) {
			e.expectCreations(key, 3)
			e.creationObserved(key)
			e.creationObserved(key)
		}, false},
		{"creations observed", func(e *expectations, _ *sim.Loop) {
			e.expectCreations(key, 2)
			e.creationObserved(key)
			e.creationObserved(key)
		}, true},
		{"a deletion observed twice counts once", func(e *expectations, _ *sim.Loop) {
			e.expectDeletions(key, []string{"demo/a", "demo/b"})
			e.deletionObserved(key, "demo/a")
			e.deletionObserved(key, "demo/a")
		}, false},
		{"an unexpected deletion does not count", func(e *expectations, _ *sim.Loop) {
			e.expectDeletions(key, []string{"demo/a"})
			e.deletionObserved(key, "demo/z")
		}, false},
		{"deletions observed", func(e *expectations, _ *sim.Loop) {
			e.expectDeletions(key, []string{"demo/a", "demo/b"})
			e.deletionObserved(key, "demo/b")
			e.deletionObserved(key, "demo/a")
		}, true},
		{"expired after five minutes", func(e *expectations, loop *sim.Loop) {
			e.expectCreations(key, 3)
			loop.RunFor(ExpectationsTimeout + time.Nanosecond)
		}, true},
		{"not expired at five minutes", func(e *expectations, loop *sim.Loop) {
			e.expectCreations(key, 3)
			loop.RunFor(ExpectationsTimeout)
		}, false},
		{"forgotten with the ReplicaSet", func(e *expectations, _ *sim.Loop) {
			e.expectCreations(key, 3)
			e.forget(key)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loop := sim.NewLoop()
			e := newExpectations(loop)
			tc.run(e, loop)
			if got := e.satisfied(key); got != tc.want {
				t.Errorf("satisfied = %v, want %v", got, tc.want)
			}
		})
	}
}

// Slow start: batches of 1, 2, 4, … until count; after a failing batch no
// other starts.
func TestSlowStartBatch(t *testing.T) {
	tests := []struct {
		name            string
		count, failFrom int // calls from failFrom on fail (0: none)
		wantCalls       int
		wantOK          int
	}{
		{"all succeed", 10, 0, 10, 10},
		{"first fails", 10, 1, 1, 0},
		{"fails in the third batch", 10, 5, 7, 4},
		{"fails in the last batch", 10, 9, 10, 8},
		{"none", 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			ok, err := slowStartBatch(tc.count, SlowStartInitialBatchSize, func() error {
				calls++
				if tc.failFrom > 0 && calls >= tc.failFrom {
					return errors.New("refused")
				}
				return nil
			})
			if calls != tc.wantCalls || ok != tc.wantOK || (err != nil) != (tc.failFrom > 0 && tc.failFrom <= tc.count) {
				t.Errorf("calls %d, successes %d, err %v; want %d, %d", calls, ok, err, tc.wantCalls, tc.wantOK)
			}
		})
	}
}
