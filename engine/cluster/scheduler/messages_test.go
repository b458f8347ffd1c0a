package scheduler

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

var gpuTaint = []any{map[string]any{"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}}

// boundPod is a Pod already running on node, placed without the scheduler.
func boundPod(name, node string, p podSpec) *object.Object {
	p.name = name
	o := podObject(p)
	o.Spec()["nodeName"] = node
	return o
}

// TestUnschedulableMessages checks, word for word, the message Kubernetes
// v1.37 writes into PodScheduled and the FailedScheduling Event for each
// filter, for reasons mixed over several nodes, and for each preemption
// outcome.
func TestUnschedulableMessages(t *testing.T) {
	w := func(name string) nodeSpec { return nodeSpec{name: name, cpu: "4", memory: "8Gi"} }
	tests := []struct {
		name    string
		nodes   []nodeSpec
		running []*object.Object
		pod     podSpec
		want    string
	}{
		{
			name:  "request larger than any node",
			nodes: []nodeSpec{w("worker-a")},
			pod:   podSpec{cpu: "16"},
			want:  "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:    "memory taken by a Pod of equal priority",
			nodes:   []nodeSpec{w("worker-a")},
			running: []*object.Object{boundPod("db", "worker-a", podSpec{memory: "6Gi"})},
			pod:     podSpec{memory: "4Gi"},
			want:    "0/1 nodes are available: 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
		},
		{
			name:    "pod count reached",
			nodes:   []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", pods: 1}},
			running: []*object.Object{boundPod("db", "worker-a", podSpec{})},
			pod:     podSpec{},
			want:    "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
		},
		{
			name:  "every reason of one node",
			nodes: []nodeSpec{w("worker-a")},
			pod:   podSpec{cpu: "16", memory: "32Gi"},
			want:  "0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:  "untolerated taint",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", taints: gpuTaint}},
			pod:   podSpec{},
			want:  "0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:  "nodeSelector",
			nodes: []nodeSpec{w("worker-a")},
			pod:   podSpec{nodeSelector: map[string]string{"disktype": "ssd"}},
			want:  "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:  "required node affinity",
			nodes: []nodeSpec{w("worker-a")},
			pod: podSpec{affinity: map[string]any{"nodeAffinity": map[string]any{"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{
				"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{"key": "topology.kubernetes.io/zone", "operator": "In", "values": []any{"b"}}}}}}}}},
			want: "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:  "affinity naming a node that does not exist",
			nodes: []nodeSpec{w("worker-a"), w("worker-b")},
			pod: podSpec{affinity: map[string]any{"nodeAffinity": map[string]any{"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{
				"nodeSelectorTerms": []any{map[string]any{"matchFields": []any{map[string]any{"key": "metadata.name", "operator": "In", "values": []any{"worker-x"}}}}}}}}},
			want: "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
		},
		{
			name:  "cordoned",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", unschedulable: true}},
			pod:   podSpec{},
			want:  "0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:    "host port taken",
			nodes:   []nodeSpec{w("worker-a")},
			running: []*object.Object{boundPod("proxy", "worker-a", podSpec{hostPort: 8080})},
			pod:     podSpec{hostPort: 8080},
			want:    "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
		},
		{
			name:  "mixed reasons over three nodes",
			nodes: []nodeSpec{w("worker-a"), {name: "gpu-1", cpu: "4", memory: "8Gi", taints: gpuTaint}, {name: "gpu-2", cpu: "4", memory: "8Gi", taints: gpuTaint}},
			pod:   podSpec{cpu: "16"},
			want:  "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
		},
		{
			name: "counts sorted as strings",
			nodes: func() []nodeSpec {
				var ns []nodeSpec
				for i := range 10 {
					ns = append(ns, nodeSpec{name: fmt.Sprintf("gpu-%02d", i), cpu: "4", memory: "8Gi", taints: gpuTaint})
				}
				return append(ns, nodeSpec{name: "old-1", cpu: "4", memory: "8Gi", unschedulable: true}, nodeSpec{name: "old-2", cpu: "4", memory: "8Gi", unschedulable: true})
			}(),
			pod:  podSpec{},
			want: "0/12 nodes are available: 10 node(s) had untolerated taint(s), 2 node(s) were unschedulable. preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.",
		},
		{
			name: "no nodes",
			pod:  podSpec{},
			want: "no nodes available to schedule pods",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			for _, n := range tc.nodes {
				h.node(n)
			}
			for _, o := range tc.running {
				h.create(o)
			}
			h.startScheduler()
			tc.pod.name = "web-1"
			h.pod(tc.pod)
			h.run(time.Second)
			if n := h.nodeOf("web-1"); n != "" {
				t.Fatalf("web-1 was bound to %s", n)
			}
			status, reason, msg := h.condition("web-1")
			if status != "False" || reason != ReasonUnschedulable || msg != tc.want {
				t.Errorf("PodScheduled = %s %s %q\nwant False Unschedulable %q", status, reason, msg, tc.want)
			}
			if evs := h.events("web-1"); !slices.Contains(evs, "Warning FailedScheduling: "+tc.want) {
				t.Errorf("events = %q, want a FailedScheduling with the message", evs)
			}
		})
	}
}

// TestPreemptionNeverMessage: a Pod that may not preempt says so.
func TestPreemptionNeverMessage(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "4", memory: "8Gi"})
	h.startScheduler()
	o := podObject(podSpec{name: "web-1", cpu: "16"})
	o.Spec()["preemptionPolicy"] = "Never"
	h.create(o)
	h.run(time.Second)
	want := "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never."
	if _, _, msg := h.condition("web-1"); msg != want {
		t.Errorf("message = %q, want %q", msg, want)
	}
}
