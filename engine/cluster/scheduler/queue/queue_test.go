package queue

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/plugins"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

type noNodes struct{}

func (noNodes) NodeInfos() []*framework.NodeInfo { return nil }
func (noNodes) Framework() *framework.Framework  { return nil }

func newQueue(loop *sim.Loop) *PriorityQueue {
	return New(Config{Loop: loop, Framework: framework.NewFramework(framework.DefaultSchedulerName, plugins.DefaultProfile(noNodes{})),
		InitialBackoff: time.Second, MaxBackoff: 10 * time.Second, MaxInUnschedulable: 5 * time.Minute})
}

func podInfo(name string, priority int64, gates ...string) *framework.PodInfo {
	o := object.New("v1", "Pod")
	o.Meta.Namespace, o.Meta.Name = "demo", name
	spec := map[string]any{"priority": priority, "containers": []any{map[string]any{"name": "a", "image": "x"}}}
	if len(gates) > 0 {
		var gs []any
		for _, g := range gates {
			gs = append(gs, map[string]any{"name": g})
		}
		spec["schedulingGates"] = gs
	}
	o.Content["spec"] = spec
	return framework.NewPodInfo(o)
}

func popAll(q *PriorityQueue) []string {
	var out []string
	for p := q.Pop(); p != nil; p = q.Pop() {
		out = append(out, p.Name)
	}
	return out
}

// TestActiveQOrder: higher priority first, then earlier queue timestamp,
// then the order Pods entered.
func TestActiveQOrder(t *testing.T) {
	loop := sim.NewLoop()
	q := newQueue(loop)
	q.Add(podInfo("early-low", 0))
	loop.RunFor(time.Second)
	q.Add(podInfo("late-high", 10))
	q.Add(podInfo("late-low-1", 0))
	q.Add(podInfo("late-low-2", 0))
	if got := fmt.Sprint(popAll(q)); got != "[late-high early-low late-low-1 late-low-2]" {
		t.Errorf("pop order = %s", got)
	}
}

// TestBackoffDuration: 1 s doubling per failed attempt, capped at 10 s.
func TestBackoffDuration(t *testing.T) {
	want := []time.Duration{0, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second}
	for count, w := range want {
		if got := backoffDuration(count, time.Second, 10*time.Second); got != w {
			t.Errorf("attempt %d: %v, want %v", count, got, w)
		}
	}
	if got := backoffDuration(100, time.Second, 10*time.Second); got != 10*time.Second {
		t.Errorf("attempt 100: %v", got)
	}
}

// TestBackoffQueues: a rejected Pod moved by an event during its backoff
// may be popped early when activeQ is empty; a Pod that failed with an
// error waits its backoff out, to the next whole second after it ends.
func TestBackoffQueues(t *testing.T) {
	loop := sim.NewLoop()
	q := newQueue(loop)
	q.Run()
	q.Add(podInfo("rejected", 0))
	q.Add(podInfo("erred", 0))
	r, e := q.Pop(), q.Pop()
	r.UnschedulablePlugins = map[string]bool{plugins.NodeResourcesFit: true}
	q.AddUnschedulableIfNotPresent(r)
	q.AddUnschedulableIfNotPresent(e)
	if a, b, u := q.Lens(); a != 0 || b != 1 || u != 1 {
		t.Fatalf("queues = %d %d %d, want the error in backoff, the rejection unschedulable", a, b, u)
	}
	if p := q.Pop(); p != nil {
		t.Fatalf("popped %s: an error's backoff is never cut short", p.Name)
	}
	node := object.New("v1", "Node")
	node.Meta.Name = "big"
	node.Content["status"] = map[string]any{"allocatable": map[string]any{"cpu": "4", "pods": "110"}}
	q.MoveAllToActiveOrBackoffQueue(framework.EventNodeAdd, nil, node, nil)
	if p := q.Pop(); p == nil || p.Name != "rejected" {
		t.Fatalf("popped %v, want the rejected Pod from backoffQ at once", p)
	}
	loop.RunFor(time.Second) // the error's backoff ends at 1s: flushed at 2s
	if a, _, _ := q.Lens(); a != 0 {
		t.Fatal("flushed at the second its backoff ends")
	}
	loop.RunFor(time.Second)
	if p := q.Pop(); p == nil || p.Name != "erred" {
		t.Fatalf("popped %v at 2s, want erred", p)
	}
}

// TestQueueingHints: only the rejecting plugins' hints count.
func TestQueueingHints(t *testing.T) {
	loop := sim.NewLoop()
	q := newQueue(loop)
	q.Add(podInfo("web", 0))
	p := q.Pop()
	p.UnschedulablePlugins = map[string]bool{plugins.TaintToleration: true}
	q.AddUnschedulableIfNotPresent(p)
	tainted := object.New("v1", "Node")
	tainted.Meta.Name = "n"
	tainted.Content["spec"] = map[string]any{"taints": []any{map[string]any{"key": "k", "effect": "NoSchedule"}}}
	q.MoveAllToActiveOrBackoffQueue(framework.EventNodeAdd, nil, tainted, nil)
	if _, _, u := q.Lens(); u != 1 {
		t.Fatal("a new tainted node requeued a Pod rejected for taints")
	}
	clean := object.New("v1", "Node")
	clean.Meta.Name = "n"
	q.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: framework.Node, ActionType: framework.UpdateNodeTaint}, tainted, clean, nil)
	if _, _, u := q.Lens(); u != 0 {
		t.Fatal("removing the taint did not requeue the Pod")
	}
}

// TestSchedulingGates: a gated Pod waits unschedulable until its gates go.
func TestSchedulingGates(t *testing.T) {
	loop := sim.NewLoop()
	q := newQueue(loop)
	q.Add(podInfo("gated", 0, "example.com/wait"))
	if p := q.Pop(); p != nil {
		t.Fatal("a gated Pod was popped")
	}
	q.Update(podInfo("gated", 0))
	if p := q.Pop(); p == nil {
		t.Fatal("the Pod stayed gated after its gates were removed")
	}
}

// TestUnschedulableLeftover: a rejected Pod is flushed once it waited more
// than 5 minutes.
func TestUnschedulableLeftover(t *testing.T) {
	loop := sim.NewLoop()
	q := newQueue(loop)
	q.Run()
	q.Add(podInfo("web", 0))
	p := q.Pop()
	p.UnschedulablePlugins = map[string]bool{plugins.NodeResourcesFit: true}
	q.AddUnschedulableIfNotPresent(p)
	loop.RunFor(5 * time.Minute)
	if _, _, u := q.Lens(); u != 1 {
		t.Fatal("flushed after exactly 5 minutes")
	}
	loop.RunFor(30 * time.Second)
	if p := q.Pop(); p == nil || !p.WasFlushedFromUnschedulable {
		t.Fatal("not flushed at 5m30s")
	}
}
