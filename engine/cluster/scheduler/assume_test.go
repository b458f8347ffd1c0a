package scheduler

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestAssumePreventsOvercommit: three Pods arrive together and are
// scheduled at one instant, before the informer reports any binding. The
// assumed Pods count on their nodes at once, so the third Pod finds no room
// instead of doubling up on a node.
func TestAssumePreventsOvercommit(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "1", memory: "8Gi"})
	h.node(nodeSpec{name: "worker-b", cpu: "1", memory: "8Gi"})
	h.startScheduler()
	for _, n := range []string{"web-1", "web-2", "web-3"} {
		h.pod(podSpec{name: n, cpu: "600m"})
	}
	h.run(time.Second)

	// The three attempts happened at one instant, before the API server
	// delivered the first binding to the scheduler's watch.
	filters := h.env.Log.Query(trace.From("scheduler"), trace.Verbs(trace.Filter)).Events()
	if len(filters) != 3 || filters[0].Time != filters[2].Time {
		t.Fatalf("want three attempts at one instant, got %d", len(filters))
	}
	bound, ok := h.env.Log.Query(trace.Verbs(trace.Notify), trace.To("scheduler"), trace.Resource("pods"), trace.WatchTypes(trace.Modified)).First()
	if !ok || bound.Time <= filters[2].Time {
		t.Fatalf("the informer saw a binding before the third attempt; the test proves nothing")
	}

	a, b := h.nodeOf("web-1"), h.nodeOf("web-2")
	if a == "" || b == "" || a == b {
		t.Errorf("web-1 on %q, web-2 on %q: want one on each worker", a, b)
	}
	if n := h.nodeOf("web-3"); n != "" {
		t.Errorf("web-3 bound to %s: overcommitted", n)
	}
	want := "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."
	if _, _, msg := h.condition("web-3"); msg != want {
		t.Errorf("web-3: %q, want %q", msg, want)
	}
}

// interceptor runs a hook before each request the scheduler sends.
type interceptor struct {
	next   api.Endpoint
	before func(req *api.Request)
}

func (e *interceptor) Do(req *api.Request, h api.WatchHandler) *api.Response {
	if e.before != nil {
		e.before(req)
	}
	return e.next.Do(req, h)
}

// TestBindingConflict: another party binds the Pod between the
// scheduler's decision and its binding. The API server answers 409; the
// scheduler forgets the assumed Pod (its room is free again), reports the
// error in a FailedScheduling Event, and, once its informer sees the Pod
// bound, drops it from the queue instead of trying again.
func TestBindingConflict(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "1", memory: "8Gi"})
	h.node(nodeSpec{name: "worker-b", cpu: "1", memory: "8Gi", taints: gpuTaint})
	done := false
	h.env.Endpoint = &interceptor{next: h.env.Endpoint, before: func(req *api.Request) {
		if done || req.From != "scheduler" || !strings.HasSuffix(req.Path, "/pods/web-1/binding") {
			return
		}
		done = true
		b := map[string]any{"apiVersion": "v1", "kind": "Binding", "metadata": map[string]any{"name": "web-1", "namespace": "demo"},
			"target": map[string]any{"kind": "Node", "name": "worker-b"}}
		if resp := h.admin.CreateSubresource(h.kind("Pod"), "demo", "web-1", "binding", b); !resp.OK() {
			t.Fatalf("admin binding: %v", resp.Err())
		}
	}}
	h.startScheduler()
	h.pod(podSpec{name: "web-1", cpu: "600m"})
	h.run(time.Second)

	conflict, ok := h.env.Log.Query(trace.From("scheduler"), trace.Verbs(trace.Create), trace.Resource("pods/binding")).First()
	if !ok || conflict.Outcome.Code != 409 {
		t.Fatalf("scheduler's binding: %+v, want a 409", conflict)
	}
	if n := h.nodeOf("web-1"); n != "worker-b" {
		t.Errorf("web-1 on %q, want worker-b (the other binder's choice)", n)
	}
	want := `Warning FailedScheduling: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web-1": pod web-1 is already assigned to node "worker-b"`
	if evs := h.events("web-1"); len(evs) != 1 || evs[0] != want {
		t.Errorf("events = %q\nwant [%q]", evs, want)
	}
	if got := h.attempts("web-1"); len(got) != 1 {
		t.Errorf("attempts = %v, want one: the bound Pod leaves the queue", got)
	}
	if a, b, u := h.sched.QueueLens(); a+b+u != 0 {
		t.Errorf("queue = %d active, %d backoff, %d unschedulable; want empty", a, b, u)
	}
	// The assumed room on worker-a was given back.
	h.pod(podSpec{name: "web-2", cpu: "600m"})
	h.run(time.Second)
	if n := h.nodeOf("web-2"); n != "worker-a" {
		t.Errorf("web-2 on %q, want worker-a: the forgotten Pod still holds its room", n)
	}
}
