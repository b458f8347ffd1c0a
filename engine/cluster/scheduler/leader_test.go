package scheduler

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestOnlyTheLeaderSchedules: a standby replica watches but never schedules;
// when the leader loses its lease it stops, and the standby schedules from
// the moment it leads, with its own identity in the trace and the Events.
func TestOnlyTheLeaderSchedules(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "4", memory: "8Gi"})
	standby := New(Config{Env: h.env, Name: "scheduler-2"})
	h.startScheduler()
	standby.Start()

	h.pod(podSpec{name: "web-1"})
	h.run(time.Second)
	if n := h.nodeOf("web-1"); n != "worker-a" {
		t.Fatalf("web-1 on %q", n)
	}

	h.sched.OnStoppedLeading()
	if h.sched.Running() {
		t.Fatal("a replica that lost its lease keeps running")
	}
	h.pod(podSpec{name: "web-2"})
	h.run(10 * time.Second)
	if n := h.nodeOf("web-2"); n != "" {
		t.Fatalf("web-2 bound to %s while nobody leads", n)
	}
	if n := h.env.Log.Query(trace.From("scheduler-2"), trace.Verbs(trace.Filter, trace.Score, trace.Create)).Count(); n != 0 {
		t.Fatalf("the standby made %d decisions or writes", n)
	}

	standby.OnStartedLeading()
	h.run(time.Second)
	if n := h.nodeOf("web-2"); n != "worker-a" {
		t.Fatalf("web-2 on %q after failover", n)
	}
	if _, ok := h.env.Log.Query(trace.From("scheduler-2"), trace.Verbs(trace.Create), trace.Resource("pods/binding"), trace.Object("demo/web-2")).First(); !ok {
		t.Error("no binding by scheduler-2")
	}
	want := "Normal Scheduled: Successfully assigned demo/web-2 to worker-a"
	if evs := h.events("web-2"); len(evs) != 1 || evs[0] != want {
		t.Errorf("events = %q, want [%q]", evs, want)
	}
	if h.sched.Running() || !standby.Leading() {
		t.Error("wrong replica states after failover")
	}
	// A restarted replica starts cold and waits for its lease.
	h.sched.Start()
	h.pod(podSpec{name: "web-3"})
	h.run(time.Second)
	if _, ok := h.env.Log.Query(trace.From("scheduler"), trace.Verbs(trace.Filter), trace.Object("demo/web-3")).First(); ok {
		t.Error("the restarted standby scheduled web-3")
	}
	if n := h.nodeOf("web-3"); n != "worker-a" {
		t.Errorf("web-3 on %q", n)
	}
}
