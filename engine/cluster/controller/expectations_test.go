package controller

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Expectations hold an owner (a ReplicaSet, a Job) back until its creations and deletions
// are observed, or for ExpectationsTimeout at most.
func TestExpectations(t *testing.T) {
	const key = "demo/web"
	tests := []struct {
		name string
		run  func(e *Expectations, loop *sim.Loop)
		want bool
	}{
		{"nothing expected", func(*Expectations, *sim.Loop) {}, true},
		{"creations pending", func(e *Expectations, _ *sim.Loop) {
			e.ExpectCreations(key, 3)
			e.CreationObserved(key)
			e.CreationObserved(key)
		}, false},
		{"creations observed", func(e *Expectations, _ *sim.Loop) {
			e.ExpectCreations(key, 2)
			e.CreationObserved(key)
			e.CreationObserved(key)
		}, true},
		{"a deletion observed twice counts once", func(e *Expectations, _ *sim.Loop) {
			e.ExpectDeletions(key, []string{"demo/a", "demo/b"})
			e.DeletionObserved(key, "demo/a")
			e.DeletionObserved(key, "demo/a")
		}, false},
		{"an unexpected deletion does not count", func(e *Expectations, _ *sim.Loop) {
			e.ExpectDeletions(key, []string{"demo/a"})
			e.DeletionObserved(key, "demo/z")
		}, false},
		{"deletions observed", func(e *Expectations, _ *sim.Loop) {
			e.ExpectDeletions(key, []string{"demo/a", "demo/b"})
			e.DeletionObserved(key, "demo/b")
			e.DeletionObserved(key, "demo/a")
		}, true},
		{"expired after five minutes", func(e *Expectations, loop *sim.Loop) {
			e.ExpectCreations(key, 3)
			loop.RunFor(ExpectationsTimeout + time.Nanosecond)
		}, true},
		{"not expired at five minutes", func(e *Expectations, loop *sim.Loop) {
			e.ExpectCreations(key, 3)
			loop.RunFor(ExpectationsTimeout)
		}, false},
		{"forgotten with the owner", func(e *Expectations, _ *sim.Loop) {
			e.ExpectCreations(key, 3)
			e.Forget(key)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loop := sim.NewLoop()
			e := NewExpectations(loop)
			tc.run(e, loop)
			if got := e.Satisfied(key); got != tc.want {
				t.Errorf("satisfied = %v, want %v", got, tc.want)
			}
		})
	}
}
