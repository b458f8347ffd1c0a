package cluster_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestActivity(t *testing.T) {
	for _, tc := range []struct {
		name string
		ev   trace.Event
		want bool
	}{
		{"a Pod created", trace.Event{From: "replicaset-controller", Verb: trace.Create, Resource: "pods"}, true},
		{"a Deployment updated", trace.Event{From: "alice", Verb: trace.Update, Resource: "deployments"}, true},
		{"a Lease renewal", trace.Event{From: "kubelet/worker-a", Verb: trace.Update, Resource: "leases"}, false},
		{"a kubelet's Node status", trace.Event{From: "kubelet/worker-a", Verb: trace.Patch, Resource: "nodes", Subresource: "status"}, false},
		{"the node controller's Node status", trace.Event{From: "node-lifecycle-controller", Verb: trace.Update, Resource: "nodes", Subresource: "status"}, true},
		{"a read", trace.Event{From: "alice", Verb: trace.Get, Resource: "pods"}, false},
		{"a container started", trace.Event{From: "kubelet/worker-a", Verb: trace.CRIStartContainer}, true},
		{"a probe", trace.Event{From: "kubelet/worker-a", Verb: trace.Probe}, false},
		{"a dead container collected", trace.Event{From: "kubelet/worker-a", Verb: trace.CRIRemoveContainer}, false},
		{"a sandbox collected", trace.Event{From: "kubelet/worker-a", Verb: trace.CRIRemovePodSandbox}, false},
		{"a rules sync", trace.Event{From: "proxy/worker-a", Verb: trace.Sync}, true},
		{"a fault", trace.Event{From: "fault", Verb: trace.Fault}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cluster.Activity(&tc.ev); got != tc.want {
				t.Errorf("Activity(%s %s %s/%s) = %t, want %t", tc.ev.From, tc.ev.Verb, tc.ev.Resource, tc.ev.Subresource, got, tc.want)
			}
		})
	}
}
