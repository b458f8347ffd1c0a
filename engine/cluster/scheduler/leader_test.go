package scheduler

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func withElection(c *Config) { c.DisableLeaderElection = false }

// bindingTime returns when and by whom a Pod's binding was created.
func (h *harness) bindingTime(pod string) (sim string, by trace.Actor, ok bool) {
	ev, ok := h.env.Log.Query(trace.Verbs(trace.Create), trace.Resource("pods/binding"), trace.Object("demo/"+pod), trace.Code(201)).First()
	if !ok {
		return "", "", false
	}
	return ev.Time.String(), ev.From, true
}

// TestOnlyTheLeaderSchedules: two replicas campaign for the
// kube-system/kube-scheduler Lease; the standby watches but never
// schedules. When the leader is killed, the standby takes the Lease over
// once it has not seen it renewed for the lease duration (15 s) and
// schedules from then on, with its own identity in the trace and the
// Events. A restarted replica starts cold and waits for the Lease.
func TestOnlyTheLeaderSchedules(t *testing.T) {
	h := newHarness(t, withElection)
	h.node(nodeSpec{name: "worker-a", cpu: "4", memory: "8Gi"})
	standby := New(Config{Env: h.env, Name: "scheduler-2"})
	h.startScheduler()
	standby.Start()
	h.run(100 * time.Millisecond)
	if !h.sched.Leading() || standby.Leading() {
		t.Fatalf("leading: scheduler %v, scheduler-2 %v", h.sched.Leading(), standby.Leading())
	}
	if _, ok := h.env.Log.Query(trace.From("scheduler"), trace.Verbs(trace.Elect)).First(); !ok {
		t.Error("no ELECT event for the first leader")
	}

	h.pod(podSpec{name: "web-1"})
	h.run(10 * time.Second)
	if _, by, ok := h.bindingTime("web-1"); !ok || by != "scheduler" {
		t.Fatalf("web-1 bound by %q", by)
	}

	h.sched.Stop() // at 10.1 s
	h.pod(podSpec{name: "web-2"})
	h.run(14 * time.Second) // the Lease cannot expire before 25 s
	if n := h.nodeOf("web-2"); n != "" {
		t.Fatalf("web-2 bound to %s before the Lease expired", n)
	}
	if n := h.env.Log.Query(trace.From("scheduler-2"), trace.Verbs(trace.Filter, trace.Score)).Count(); n != 0 {
		t.Fatalf("the standby made %d scheduling decisions", n)
	}
	h.run(20 * time.Second) // a try at most 4.4 s after it expired
	at, by, ok := h.bindingTime("web-2")
	if !ok || by != "scheduler-2" {
		t.Fatalf("web-2 bound by %q", by)
	}
	elect, _ := h.env.Log.Query(trace.From("scheduler-2"), trace.Verbs(trace.Elect)).Last()
	if at != elect.Time.String() {
		t.Errorf("web-2 bound at %s, the standby led from %s: want at once", at, elect.Time)
	}
	want := "Normal Scheduled: Successfully assigned demo/web-2 to worker-a"
	if evs := h.events("web-2"); len(evs) != 1 || evs[0] != want {
		t.Errorf("events = %q, want [%q]", evs, want)
	}

	h.sched.Start()
	h.pod(podSpec{name: "web-3"})
	h.run(10 * time.Second)
	if _, by, _ := h.bindingTime("web-3"); by != "scheduler-2" {
		t.Errorf("web-3 bound by %q, want the leader scheduler-2", by)
	}
	if h.sched.Leading() || h.sched.Identity() == "" {
		t.Errorf("restarted replica: leading %v, identity %q", h.sched.Leading(), h.sched.Identity())
	}
}
