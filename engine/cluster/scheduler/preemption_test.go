package scheduler

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestPreemption: a high-priority Pod finds no room; DefaultPreemption
// evicts the lower-priority Pod that blocks it (DisruptionTarget, then
// DELETE), nominates the Pod to the node, and the Pod lands there once the
// victim is gone — while a low-priority Pod arriving meanwhile is kept off
// the room the nomination holds.
func TestPreemption(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "1", memory: "8Gi"})
	h.create(boundPod("batch", "worker-a", podSpec{cpu: "800m"}))
	h.startScheduler()
	h.pod(podSpec{name: "critical", cpu: "500m", priority: 1000})
	h.run(300 * time.Millisecond)

	want := "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node worker-a, preempting 1 victims"
	if _, reason, msg := h.condition("critical"); reason != ReasonUnschedulable || msg != want {
		t.Errorf("critical: %s %q\nwant Unschedulable %q", reason, msg, want)
	}
	if nnn := h.get("Pod", "demo", "critical").GetString(".status.nominatedNodeName"); nnn != "worker-a" {
		t.Errorf("nominatedNodeName = %q, want worker-a", nnn)
	}
	batch := h.get("Pod", "demo", "batch")
	if batch.Meta.DeletionTimestamp == nil {
		t.Fatal("batch is not being deleted")
	}
	var cond map[string]any
	for _, c := range listOf(batch.Status()["conditions"]) {
		if m := c.(map[string]any); m["type"] == ConditionDisruptionTarget {
			cond = m
		}
	}
	if cond == nil || cond["reason"] != ReasonPreemptionByScheduler || cond["message"] != "default-scheduler: preempting to accommodate a higher priority pod" {
		t.Errorf("batch DisruptionTarget = %v", cond)
	}
	uid := h.get("Pod", "demo", "critical").Meta.UID
	if evs := h.events("batch"); !slices.Contains(evs, "Normal Preempted: Preempted by pod "+uid+" on node worker-a") {
		t.Errorf("batch events = %q", evs)
	}
	writes := h.env.Log.Query(trace.From("scheduler"), trace.Object("demo/batch"), trace.Verbs(trace.Patch, trace.Delete)).Events()
	if len(writes) != 2 || writes[0].Verb != trace.Patch || writes[1].Verb != trace.Delete {
		t.Errorf("writes to batch = %d, want PATCH pods/status then DELETE", len(writes))
	}

	// The victim's kubelet finishes the deletion; at the same instant a
	// low-priority Pod arrives and is considered first (activeQ before
	// backoffQ): the nomination keeps it off worker-a.
	h.deletePod("batch")
	h.pod(podSpec{name: "filler", cpu: "600m"})
	h.run(time.Second)
	if n := h.nodeOf("critical"); n != "worker-a" {
		t.Errorf("critical on %q, want worker-a", n)
	}
	if n := h.nodeOf("filler"); n != "" {
		t.Errorf("filler took the nominated room on %s", n)
	}
}
