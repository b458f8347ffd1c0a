package scenario

import (
	"math/rand/v2"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// firstStalledBySet is firstStalled as the set of every boundary the
// faulted run reached.
func firstStalledBySet(unfaulted []boundary, faulted []*trace.Event) string {
	reached := map[boundary]bool{}
	for _, ev := range faulted {
		reached[boundaryOf(ev)] = true
	}
	for _, b := range unfaulted {
		if !reached[b] {
			return b.String()
		}
	}
	return ""
}

// randomRunEvents are n events drawn from a small vocabulary, so that runs
// share boundaries: writes and reads, gate events, generated names and
// Event names with their timestamp suffix.
func randomRunEvents(r *rand.Rand, n int) []*trace.Event {
	actors := []trace.Actor{"replicaset-controller", "kubelet/worker-a", "scheduler", "alice"}
	verbs := []trace.Verb{trace.Create, trace.Update, trace.Patch, trace.Delete, trace.Get, trace.List, trace.Route, trace.Probe}
	resources := []string{"pods", "replicasets", "events", "leases"}
	names := []string{"web", "web-7d9f8c6b5-x2k4p", "web-7d9f8c6b5-q8z2m", "web.17a2b3c4d5e6f7a8", "worker-a"}
	out := make([]*trace.Event, n)
	for i := range out {
		out[i] = &trace.Event{From: actors[r.IntN(len(actors))], Verb: verbs[r.IntN(len(verbs))],
			Resource: resources[r.IntN(len(resources))], Namespace: "demo", Name: names[r.IntN(len(names))]}
	}
	return out
}

// TestFirstStalled compares firstStalled, which looks closely only at the
// faulted run's events of a moving boundary's verb, with the set of all
// it reached, on random runs and on a few made by hand.
func TestFirstStalled(t *testing.T) {
	create := &trace.Event{From: "replicaset-controller", Verb: trace.Create, Resource: "pods", Namespace: "demo", Name: "web-7d9f8c6b5-x2k4p"}
	sameButRead := &trace.Event{From: "replicaset-controller", Verb: trace.Get, Resource: "pods", Namespace: "demo", Name: "web-7d9f8c6b5-x2k4p"}
	otherPod := &trace.Event{From: "replicaset-controller", Verb: trace.Create, Resource: "pods", Namespace: "demo", Name: "web-7d9f8c6b5-q8z2m"}
	moving := movingBoundaries([]*trace.Event{create})
	for _, tc := range []struct {
		name    string
		faulted []*trace.Event
		want    string
	}{
		{"reached", []*trace.Event{create}, ""},
		{"reached by another generated name", []*trace.Event{otherPod}, ""},
		{"a read of it is not", []*trace.Event{sameButRead}, moving[0].String()},
		{"nothing", nil, moving[0].String()},
	} {
		if got := firstStalled(moving, tc.faulted); got != tc.want {
			t.Errorf("%s: firstStalled = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := firstStalled(nil, []*trace.Event{create}); got != "" {
		t.Errorf("no moving boundary: %q", got)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		unfaulted := movingBoundaries(randomRunEvents(r, 1+r.IntN(12)))
		faulted := randomRunEvents(r, r.IntN(40))
		if got, want := firstStalled(unfaulted, faulted), firstStalledBySet(unfaulted, faulted); got != want {
			t.Fatalf("trial %d: firstStalled = %q, the set of all reached gives %q", trial, got, want)
		}
	}
}
