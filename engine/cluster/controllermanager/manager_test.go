package controllermanager

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestReplicaName(t *testing.T) {
	for i, want := range []trace.Actor{"controller-manager", "controller-manager-2", "controller-manager-3"} {
		if got := ReplicaName(i); got != want {
			t.Errorf("ReplicaName(%d) = %q, want %q", i, got, want)
		}
	}
}

// A lone replica acquires the Lease at once and starts its controllers,
// whose informers list as the manager and deliver what exists.
func TestSingleManagerLeads(t *testing.T) {
	c := newCluster(t, 1, 1)
	m := c.mgrs[0]
	m.Start()
	c.env.Loop.RunFor(time.Second)

	if !m.Leading() || !m.Running() {
		t.Fatalf("leading %v, running %v", m.Leading(), m.Running())
	}
	if want := []string{"0.000s start by controller-manager"}; !slices.Equal(c.log, want) {
		t.Errorf("probe log %q, want %q", c.log, want)
	}
	pr := c.probes[0]
	if pr.added != 4 || !pr.clientOK {
		t.Errorf("probe saw %d namespaces (want the 4 system ones), own client %v", pr.added, pr.clientOK)
	}
	if lists := c.events("controller-manager", trace.List); len(lists) != 1 || lists[0].Resource != "namespaces" {
		t.Errorf("informer lists %v, want one of namespaces", lists)
	}
	lease := c.lease()
	if got := lease.GetString(".spec.holderIdentity"); got != m.Identity() || !strings.HasPrefix(got, "controller-manager_") {
		t.Errorf("holder %q, identity %q", got, m.Identity())
	}
	if m.Informers() == nil || m.Informers().Informers()[0].Indexer().Len() != 4 {
		t.Error("leader's informers not running")
	}
}

// Of two replicas only the first leads; the standby reads the Lease and
// nothing else, and runs no informer and no controller.
func TestStandbyRunsNothing(t *testing.T) {
	c := newCluster(t, 2, 2)
	c.mgrs[0].Start()
	c.mgrs[1].Start()
	c.env.Loop.RunFor(time.Minute)

	if !c.mgrs[0].Leading() || c.mgrs[1].Leading() {
		t.Fatalf("leading: %v %v", c.mgrs[0].Leading(), c.mgrs[1].Leading())
	}
	if len(c.probes) != 1 || c.probes[0].manager != "controller-manager" {
		t.Fatalf("probes built %d (first by %v), want one by the leader", len(c.probes), c.probes[0].manager)
	}
	if c.mgrs[1].Informers() != nil {
		t.Error("standby has informers")
	}
	for ev := range c.env.Log.Query(trace.From("controller-manager-2")).All() {
		if ev.Verb != trace.Elect && (ev.Verb != trace.Get || ev.Resource != "leases") {
			t.Errorf("standby %s %s %s/%s", ev.Verb, ev.Resource, ev.Namespace, ev.Name)
		}
	}
}

// Killing the leader stops its controllers at once; the standby acquires
// on its first try at or after the instant it last observed the record
// change plus 15 s, counts one transition and starts its controllers.
func TestFailoverAfterKill(t *testing.T) {
	for seed := int64(1); seed <= 6; seed++ {
		c := newCluster(t, seed, 2)
		c.mgrs[0].Start()
		c.mgrs[1].Start()
		c.env.Loop.RunFor(31 * time.Second)
		kill := c.env.Loop.Now()
		c.mgrs[0].Stop()
		if c.mgrs[0].Running() || c.mgrs[0].Identity() != "" || !c.probes[0].stopped {
			t.Fatalf("seed %d: killed replica still running or its probe not stopped", seed)
		}
		if !c.env.Loop.RunUntil(c.mgrs[1].Leading, time.Minute) {
			t.Fatalf("seed %d: standby never led", seed)
		}
		acquired := c.env.Loop.Now()

		renewals := c.events("controller-manager", trace.Update)
		last := renewals[len(renewals)-1].Time
		var observed, before sim.Time = -1, -1
		for _, g := range c.events("controller-manager-2", trace.Get) {
			if g.Time > last && observed < 0 {
				observed = g.Time
			}
			if g.Time < acquired {
				before = g.Time
			}
		}
		expiry := observed.Add(c.env.Timings.LeaseDuration)
		if acquired < expiry || before >= expiry || acquired >= expiry.Add(4400*time.Millisecond) {
			t.Errorf("seed %d: renewed %v, observed %v, tried %v, acquired %v: want the first try in [%v, +4.4s)",
				seed, last, observed, before, acquired, expiry)
		}
		if n := c.env.Log.Query(trace.From("controller-manager"), trace.Not(trace.Verbs(trace.Notify))).Where(func(e *trace.Event) bool {
			return e.Time > kill
		}).Count(); n != 0 {
			t.Errorf("seed %d: killed replica made %d calls", seed, n)
		}
		want := []string{"0.000s start by controller-manager", kill.String() + " stop by controller-manager",
			acquired.String() + " start by controller-manager-2"}
		if !slices.Equal(c.log, want) {
			t.Errorf("seed %d: probe log %q, want %q", seed, c.log, want)
		}
		lease := c.lease()
		if tr, _ := lease.Spec()["leaseTransitions"].(int64); tr != 1 || lease.GetString(".spec.holderIdentity") != c.mgrs[1].Identity() {
			t.Errorf("seed %d: lease spec %v", seed, lease.Spec())
		}
		// Restarted, the old leader is a standby with a new identity.
		c.mgrs[0].Start()
		c.env.Loop.RunFor(time.Minute)
		if c.mgrs[0].Leading() || !c.mgrs[1].Leading() || len(c.probes) != 2 || c.mgrs[0].Identity() == "" {
			t.Errorf("seed %d: after restart leading %v/%v, probes %d", seed, c.mgrs[0].Leading(), c.mgrs[1].Leading(), len(c.probes))
		}
	}
}

// With every API server stopped the leader stops leading at the renew
// deadline, stops its controllers, and restarts with a new identity; when
// the API servers are back it waits for the old record to expire as it
// observes it and leads again.
func TestLeaderLosesLeaseWhileAPIServersStopped(t *testing.T) {
	c := newCluster(t, 3, 1)
	m := c.mgrs[0]
	m.Start()
	first := ""
	c.env.Loop.RunFor(5 * time.Second) // renewals at 0, 0, 2, 4
	first = m.Identity()
	c.plane.StopAll()
	c.env.Loop.RunFor(25 * time.Second) // until 30s
	if want := []string{"0.000s start by controller-manager", "16.000s stop by controller-manager"}; !slices.Equal(c.log, want) {
		t.Fatalf("probe log %q, want %q (poll from 6s, 10s deadline)", c.log, want)
	}
	if m.Leading() || !m.Running() || m.Identity() == first {
		t.Fatalf("leading %v running %v identity %q (was %q)", m.Leading(), m.Running(), m.Identity(), first)
	}
	c.plane.StartAll()
	if !c.env.Loop.RunUntil(m.Leading, time.Minute) {
		t.Fatal("never led again")
	}
	again := c.env.Loop.Now()
	gets := c.env.Log.Query(trace.From("controller-manager"), trace.Verbs(trace.Get), trace.Code(200)).Events()
	observed := gets[0].Time // the first successful read: the old record, observed then
	if again < observed.Add(15*time.Second) || again >= observed.Add(15*time.Second+4400*time.Millisecond) {
		t.Errorf("led again at %v, first read at %v", again, observed)
	}
	lease := c.lease()
	if tr, _ := lease.Spec()["leaseTransitions"].(int64); tr != 1 || lease.GetString(".spec.holderIdentity") != m.Identity() {
		t.Errorf("lease spec %v", lease.Spec())
	}
	if len(c.probes) != 2 || c.probes[1].stopped {
		t.Errorf("probes %d, want a second one running", len(c.probes))
	}
}

// The failover as a golden trace of the replicas' calls.
func TestFailoverGolden(t *testing.T) {
	c := newCluster(t, 5, 2)
	c.mgrs[0].Start()
	c.mgrs[1].Start()
	c.env.Loop.RunFor(7 * time.Second)
	c.mgrs[0].Stop()
	c.env.Loop.RunFor(25 * time.Second)
	if !c.mgrs[1].Leading() {
		t.Fatal("standby did not take over")
	}
	golden(t, c.env.Log, "failover")
}
