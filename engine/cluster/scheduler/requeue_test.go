package scheduler

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// attempts returns the instants of the scheduler's FILTER events for a Pod.
func (h *harness) attempts(pod string) []string {
	var out []string
	for ev := range h.env.Log.Query(trace.From(string(h.sched.Name())), trace.Verbs(trace.Filter), trace.Object("demo/"+pod)).All() {
		out = append(out, ev.Time.String())
	}
	return out
}

// TestEventDrivenRetry: a Pod the plugins rejected waits in the
// unschedulable pool and is tried again when, and only when, an event that
// a rejecting plugin registered for and whose hint says Queue arrives.
func TestEventDrivenRetry(t *testing.T) {
	tests := []struct {
		name  string
		nodes []nodeSpec
		pod   podSpec
		// irrelevant happens at 30s and must not cause a retry; fix at
		// 60s must.
		irrelevant, fix func(h *harness)
		wantNode        string
	}{
		{
			name:       "node added",
			nodes:      []nodeSpec{{name: "worker-a", cpu: "1", memory: "8Gi"}},
			pod:        podSpec{cpu: "2"},
			irrelevant: func(h *harness) { h.node(nodeSpec{name: "small", cpu: "1", memory: "8Gi"}) },
			fix:        func(h *harness) { h.node(nodeSpec{name: "big", cpu: "4", memory: "8Gi"}) },
			wantNode:   "big",
		},
		{
			name:  "taint removed",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", taints: gpuTaint}},
			pod:   podSpec{},
			irrelevant: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"metadata": map[string]any{"labels": map[string]any{"disk": "ssd"}}})
			},
			fix: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"spec": map[string]any{"taints": nil}})
			},
			wantNode: "worker-a",
		},
		{
			name:  "node uncordoned",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", unschedulable: true}},
			pod:   podSpec{},
			irrelevant: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"spec": map[string]any{"taints": gpuTaint}})
				h.patch("Node", "", "worker-a", map[string]any{"spec": map[string]any{"taints": nil}})
			},
			fix: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"spec": map[string]any{"unschedulable": false}})
			},
			wantNode: "worker-a",
		},
		{
			name:  "label added for the nodeSelector",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi"}},
			pod:   podSpec{nodeSelector: map[string]string{"disktype": "ssd"}},
			irrelevant: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"metadata": map[string]any{"labels": map[string]any{"disktype": "hdd"}}})
			},
			fix: func(h *harness) {
				h.patch("Node", "", "worker-a", map[string]any{"metadata": map[string]any{"labels": map[string]any{"disktype": "ssd"}}})
			},
			wantNode: "worker-a",
		},
		{
			name:  "bound Pod holding the port deleted",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi"}},
			pod:   podSpec{hostPort: 8080},
			irrelevant: func(h *harness) {
				h.create(boundPod("other", "worker-a", podSpec{hostPort: 9090}))
				h.deletePod("other")
			},
			fix:      func(h *harness) { h.deletePod("proxy") },
			wantNode: "worker-a",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			for _, n := range tc.nodes {
				h.node(n)
			}
			h.create(boundPod("proxy", "worker-a", podSpec{hostPort: 8080}))
			h.startScheduler()
			h.pod(podSpec{name: "web-1", cpu: tc.pod.cpu, nodeSelector: tc.pod.nodeSelector, hostPort: tc.pod.hostPort})
			h.run(30 * time.Second)
			tc.irrelevant(h)
			h.run(30 * time.Second)
			if got := h.attempts("web-1"); len(got) != 1 {
				t.Fatalf("attempts before the fix = %v, want one (an irrelevant event must not requeue)", got)
			}
			tc.fix(h)
			h.run(time.Second)
			if got, want := h.attempts("web-1"), []string{"0.005s", "1m00.005s"}; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("attempts = %v, want %v", got, want)
			}
			if n := h.nodeOf("web-1"); n != tc.wantNode {
				t.Errorf("web-1 on %q, want %q", n, tc.wantNode)
			}
		})
	}
}

func (h *harness) deletePod(name string) {
	h.t.Helper()
	zero := int64(0)
	if _, err := h.admin.Delete(h.kind("Pod"), "demo", name, api.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		h.t.Fatalf("delete %s: %v", name, err)
	}
}

// TestBackoffTimings: a Pod that fails with an error (here: no node at all)
// waits 1 s, 2 s, 4 s, 8 s, then 10 s between attempts; backoffs end on
// whole seconds and the backoffQ is flushed once a second, on the second,
// so a backoff ending exactly on a flush waits for the next one.
func TestBackoffTimings(t *testing.T) {
	h := newHarness(t)
	h.startScheduler()
	h.pod(podSpec{name: "web-1"})
	h.run(45 * time.Second)
	want := []string{"0.005s", "2.000s", "5.000s", "10.000s", "19.000s", "30.000s", "41.000s"}
	if got := h.attempts("web-1"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("attempts = %v\nwant       %v", got, want)
	}
	// The repeated FailedScheduling Event becomes a series.
	if evs := h.events("web-1"); len(evs) != 2 {
		t.Errorf("events = %q, want the first and one more for the changed Pod (then a series)", evs)
	}
}

// TestUnschedulableFlush: a rejected Pod no event helps is tried again once
// it has waited more than 5 minutes, at the next 30-second flush.
func TestUnschedulableFlush(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "1", memory: "8Gi"})
	h.startScheduler()
	h.pod(podSpec{name: "web-1", cpu: "2"})
	h.run(11 * time.Minute)
	want := []string{"0.005s", "5m30.000s", "11m00.000s"}
	if got := h.attempts("web-1"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("attempts = %v, want %v", got, want)
	}
}

// TestPopFromBackoffQ: a Pod requeued by an event while its backoff lasts
// is tried at once when nothing else waits (SchedulerPopFromBackoffQ).
func TestPopFromBackoffQ(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "1", memory: "8Gi"})
	h.startScheduler()
	h.pod(podSpec{name: "web-1", cpu: "2"})
	h.run(100 * time.Millisecond)
	h.node(nodeSpec{name: "big", cpu: "4", memory: "8Gi"})
	h.run(time.Second)
	want := []string{"0.005s", "0.105s"}
	if got := h.attempts("web-1"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("attempts = %v, want %v", got, want)
	}
}
