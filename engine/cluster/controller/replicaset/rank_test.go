package replicaset

import (
	"strconv"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// pod describes a Pod for the ranking tests; times are seconds before
// now.
type pod struct {
	name, node, phase string
	ready             bool
	readyAgo          int // Ready since this many seconds
	createdAgo        int
	restarts          int64
	cost              string // pod-deletion-cost annotation
}

func (p pod) object(now time.Time) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Name, o.Meta.Namespace, o.Meta.UID = p.name, "demo", "uid-"+p.name
	o.Meta.CreationTimestamp = now.Add(-time.Duration(p.createdAgo) * time.Second)
	if p.cost != "" {
		o.Meta.Annotations = map[string]string{podDeletionCostAnnotation: p.cost}
	}
	phase := p.phase
	if phase == "" {
		phase = podRunning
	}
	ready := "False"
	if p.ready {
		ready = "True"
	}
	o.Content = map[string]any{
		"spec": map[string]any{"nodeName": p.node},
		"status": map[string]any{"phase": phase,
			"conditions": []any{map[string]any{"type": "Ready", "status": ready,
				"lastTransitionTime": object.FormatTime(now.Add(-time.Duration(p.readyAgo) * time.Second))}},
			"containerStatuses": []any{map[string]any{"name": "web", "restartCount": p.restarts}}},
	}
	return o
}

// The deletion ranking of ActivePodsWithRanks: each case names the Pod
// that goes first when one of the ReplicaSet's Pods is deleted.
func TestScaleDownRanking(t *testing.T) {
	ready := func(name, node string) pod {
		return pod{name: name, node: node, ready: true, readyAgo: 100, createdAgo: 200}
	}
	tests := []struct {
		name    string
		pods    []pod
		related []pod // other Pods of the same Deployment
		want    string
	}{
		{"unassigned before assigned", []pod{ready("a", "n1"), {name: "b", phase: podPending, createdAgo: 200}, ready("c", "n3")}, nil, "b"},
		{"pending before running", []pod{ready("a", "n1"), {name: "b", node: "n2", phase: podPending, createdAgo: 200}, ready("c", "n3")}, nil, "b"},
		{"unknown before running", []pod{ready("a", "n1"), {name: "b", node: "n2", phase: podUnknown, createdAgo: 200}, ready("c", "n3")}, nil, "b"},
		{"pending before unknown", []pod{{name: "a", node: "n1", phase: podUnknown, createdAgo: 200}, {name: "b", node: "n2", phase: podPending, createdAgo: 200}}, nil, "b"},
		{"not ready before ready", []pod{ready("a", "n1"), {name: "b", node: "n2", createdAgo: 200}, ready("c", "n3")}, nil, "b"},
		{"lower deletion cost first", []pod{
			{name: "a", node: "n1", ready: true, readyAgo: 5, createdAgo: 6, cost: "10"},
			{name: "b", node: "n2", ready: true, readyAgo: 900, createdAgo: 1000, cost: "-5"},
		}, nil, "b"},
		{"an invalid deletion cost counts 0", []pod{
			{name: "a", node: "n1", ready: true, readyAgo: 100, createdAgo: 200, cost: "+10"},
			{name: "b", node: "n2", ready: true, readyAgo: 100, createdAgo: 200, cost: "1"},
		}, nil, "a"},
		{"doubled-up node first", []pod{ready("a", "n1"), ready("b", "n2"), ready("c", "n3")},
			[]pod{ready("x", "n2"), ready("y", "n2")}, "b"},
		{"ready for less time first", []pod{
			{name: "a", node: "n1", ready: true, readyAgo: 1000, createdAgo: 2000},
			{name: "b", node: "n2", ready: true, readyAgo: 10, createdAgo: 2000},
		}, nil, "b"},
		{"ready times on one log2 step tie, UID decides", []pod{
			{name: "b", node: "n1", ready: true, readyAgo: 70, createdAgo: 2000},
			{name: "a", node: "n2", ready: true, readyAgo: 100, createdAgo: 2000},
		}, nil, "a"},
		{"more restarts first", []pod{
			{name: "a", node: "n1", ready: true, readyAgo: 100, createdAgo: 200},
			{name: "b", node: "n2", ready: true, readyAgo: 100, createdAgo: 200, restarts: 3},
		}, nil, "b"},
		{"newer first", []pod{
			{name: "a", node: "n1", createdAgo: 3000},
			{name: "b", node: "n2", createdAgo: 30},
		}, nil, "b"},
	}
	now := sim.Epoch.Add(time.Hour)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var pods, related []*object.Object
			for _, p := range tc.pods {
				pods = append(pods, p.object(now))
			}
			related = append(related, pods...)
			for _, p := range tc.related {
				related = append(related, p.object(now))
			}
			got := getPodsToDelete(pods, related, 1, now)
			if len(got) != 1 || got[0].Meta.Name != tc.want {
				t.Errorf("deletes %s, want %s", got[0].Meta.Name, tc.want)
			}
		})
	}
}

// Deleting every Pod needs no ranking: the list is kept as it is.
func TestDeleteAllKeepsOrder(t *testing.T) {
	now := sim.Epoch
	var pods []*object.Object
	for i := range 3 {
		pods = append(pods, pod{name: strconv.Itoa(i), ready: i == 0}.object(now))
	}
	got := getPodsToDelete(pods, nil, 3, now)
	for i, p := range got {
		if p.Meta.Name != strconv.Itoa(i) {
			t.Errorf("position %d: %s", i, p.Meta.Name)
		}
	}
}
