package leaderelection

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A lone candidate creates the Lease at once, renews it at once, then
// every RetryPeriod exactly.
func TestSingleCandidateAcquiresAndRenews(t *testing.T) {
	c := newCluster(t, 1)
	a := c.add("controller-manager")
	a.el.Run()
	c.env.Loop.RunFor(9 * time.Second)

	if got := a.started; !slices.Equal(got, []sim.Time{0}) {
		t.Fatalf("OnStartedLeading at %v, want [0]", got)
	}
	if creates := c.calls("controller-manager", trace.Create); len(creates) != 1 || creates[0].Outcome.Code != 201 {
		t.Fatalf("creates = %v, want one 201", creates)
	}
	var times []sim.Time
	for _, ev := range c.calls("controller-manager", trace.Update) {
		times = append(times, ev.Time)
		if ev.Outcome.Code != 200 {
			t.Errorf("renewal at %v answered %d", ev.Time, ev.Outcome.Code)
		}
	}
	if want := []sim.Time{at(0), at(2), at(4), at(6), at(8)}; !slices.Equal(times, want) {
		t.Errorf("renewals at %v, want %v", times, want)
	}
	got := c.lease()
	want := Record{HolderIdentity: a.el.Identity(), LeaseDurationSeconds: 15, AcquireTime: microTime(0), RenewTime: microTime(at(8))}
	if got != want {
		t.Errorf("lease = %+v\nwant   %+v", got, want)
	}
	if !strings.HasPrefix(a.el.Identity(), "controller-manager_") || len(a.el.Identity()) != len("controller-manager_")+36 {
		t.Errorf("identity %q, want controller-manager_<uuid>", a.el.Identity())
	}
	elect := c.env.Log.Query(trace.Verbs(trace.Elect)).Events()
	if len(elect) != 1 || elect[0].Outcome.Message != a.el.Identity()+" became leader" || elect[0].Outcome.Failed() {
		t.Errorf("ELECT events = %+v, want one acquisition", elect)
	}
}

// Of two candidates only the first leads; the second observes it and
// keeps trying with jitter, never writing.
func TestStandbyObservesLeader(t *testing.T) {
	c := newCluster(t, 2)
	a, b := c.add("controller-manager"), c.add("controller-manager-2")
	a.el.Run()
	b.el.Run()
	c.env.Loop.RunFor(time.Minute)

	if !a.el.Leading() || b.el.Leading() || len(b.started) != 0 {
		t.Fatalf("leading: a %v, b %v (b started %v)", a.el.Leading(), b.el.Leading(), b.started)
	}
	if n := len(c.calls("controller-manager-2", trace.Create, trace.Update)); n != 0 {
		t.Errorf("standby wrote the Lease %d times", n)
	}
	if !slices.Equal(b.leaders, []string{a.el.Identity()}) {
		t.Errorf("standby's OnNewLeader saw %v, want [%s]", b.leaders, a.el.Identity())
	}
	gets := c.calls("controller-manager-2", trace.Get)
	for i := 1; i < len(gets); i++ {
		gap := gets[i].Time.Sub(gets[i-1].Time)
		if gap < 2*time.Second || gap >= 4400*time.Millisecond {
			t.Errorf("standby tries %v apart, want within [2s, 4.4s)", gap)
		}
	}
	if len(gets) < 60/5 || len(gets) > 60/2+1 {
		t.Errorf("standby tried %d times in a minute", len(gets))
	}
}

// When the leader dies, the standby takes over on its first try at or
// after the instant it last observed the record change plus
// leaseDurationSeconds, and the Lease counts one transition.
func TestStandbyAcquiresAfterObservedExpiry(t *testing.T) {
	for seed := int64(1); seed <= 8; seed++ {
		c := newCluster(t, seed)
		a, b := c.add("controller-manager"), c.add("controller-manager-2")
		a.el.Run()
		b.el.Run()
		c.env.Loop.RunFor(31 * time.Second)
		kill := c.env.Loop.Now()
		a.el.Stop()
		if !slices.Equal(a.stopped, []sim.Time{kill}) {
			t.Fatalf("seed %d: OnStoppedLeading at %v, want [%v]", seed, a.stopped, kill)
		}
		if !c.env.Loop.RunUntil(b.el.Leading, time.Minute) {
			t.Fatalf("seed %d: standby never acquired", seed)
		}
		acquired := c.env.Loop.Now()

		updates := c.calls("controller-manager", trace.Update)
		lastRenew := updates[len(updates)-1].Time
		var observed, before sim.Time = -1, -1
		for _, g := range c.calls("controller-manager-2", trace.Get) {
			if g.Time > lastRenew && observed < 0 {
				observed = g.Time
			}
			if g.Time < acquired {
				before = g.Time
			}
		}
		expiry := observed.Add(15 * time.Second)
		if acquired < expiry || before >= expiry {
			t.Errorf("seed %d: last renewal %v, observed %v: acquired at %v after a try at %v; want the first try at or after %v",
				seed, lastRenew, observed, acquired, before, expiry)
		}
		if acquired >= expiry.Add(4400*time.Millisecond) {
			t.Errorf("seed %d: acquired at %v, later than %v + RetryPeriod·(1+JitterFactor)", seed, acquired, expiry)
		}
		got := c.lease()
		want := Record{HolderIdentity: b.el.Identity(), LeaseDurationSeconds: 15, LeaderTransitions: 1,
			AcquireTime: microTime(acquired), RenewTime: microTime(acquired)}
		if got != want {
			t.Errorf("seed %d: lease = %+v\nwant %+v", seed, got, want)
		}
		if !slices.Equal(b.started, []sim.Time{acquired}) {
			t.Errorf("seed %d: standby started leading at %v, want [%v]", seed, b.started, acquired)
		}
	}
}

// With every API server stopped, the leader's next renewal tries every
// RetryPeriod and gives up at RenewDeadline: it stops leading 10 s after
// the renewal began.
func TestLeaderLosesAtRenewDeadline(t *testing.T) {
	c := newCluster(t, 3)
	a := c.add("controller-manager")
	a.el.Run()
	c.env.Loop.RunFor(5 * time.Second) // renewals at 0, 0, 2, 4
	c.plane.StopAll()
	c.env.Loop.RunFor(30 * time.Second)

	if want := []sim.Time{at(16)}; !slices.Equal(a.stopped, want) {
		t.Fatalf("stopped leading at %v, want %v (poll from 6s, deadline 10s)", a.stopped, want)
	}
	if a.el.Leading() {
		t.Error("still leading")
	}
	var tries []sim.Time
	for _, ev := range c.calls("controller-manager", trace.Update) {
		if ev.Outcome.Reason == apiserverRefused {
			tries = append(tries, ev.Time)
		}
	}
	if want := []sim.Time{at(6), at(8), at(10), at(12), at(14)}; !slices.Equal(tries, want) {
		t.Errorf("failed renewals at %v, want %v", tries, want)
	}
	lost := c.env.Log.Query(trace.Verbs(trace.Elect), trace.Reason(ReasonLost)).Events()
	if len(lost) != 1 || lost[0].Time != at(16) || lost[0].Outcome.Message != a.el.Identity()+" stopped leading" {
		t.Errorf("lost ELECT = %+v", lost)
	}
	if n := c.env.Log.Query(trace.From("controller-manager"), trace.Resource("leases")).After(lost[0].Seq).Count(); n != 0 {
		t.Errorf("%d Lease calls after stopping", n)
	}
}

const apiserverRefused = "ConnectionRefused"

// With ReleaseOnCancel a stopping leader empties the holder and the
// standby takes over at its next try; without it (the default) the
// standby waits for expiry.
func TestReleaseOnCancel(t *testing.T) {
	for _, tc := range []struct {
		name    string
		release bool
		within  time.Duration
	}{
		{"released", true, 4400 * time.Millisecond},
		{"left to expire", false, 15*time.Second + 2*4400*time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, 4)
			a := c.add("controller-manager", func(cfg *Config) { cfg.ReleaseOnCancel = tc.release })
			b := c.add("controller-manager-2")
			a.el.Run()
			b.el.Run()
			c.env.Loop.RunFor(10 * time.Second)
			kill := c.env.Loop.Now()
			a.el.Stop()
			if !c.env.Loop.RunUntil(b.el.Leading, time.Minute) {
				t.Fatal("standby never acquired")
			}
			took := c.env.Loop.Now().Sub(kill)
			if took >= tc.within || (!tc.release && took < 15*time.Second-4400*time.Millisecond) {
				t.Errorf("took over after %v, want under %v", took, tc.within)
			}
			if got := c.lease().LeaderTransitions; got != 1 {
				t.Errorf("leaseTransitions %d, want 1", got)
			}
		})
	}
}

// The configuration is checked as client-go checks it.
func TestConfigValidation(t *testing.T) {
	noop := Callbacks{OnStartedLeading: func() {}, OnStoppedLeading: func() {}}
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"defaults", Config{Name: "l", Identity: "me", Callbacks: noop}, ""},
		{"lease not longer than deadline", Config{Name: "l", Identity: "me", Callbacks: noop, LeaseDuration: 10 * time.Second}, "leaseDuration must be greater than renewDeadline"},
		{"deadline within jittered retry", Config{Name: "l", Identity: "me", Callbacks: noop, RetryPeriod: 9 * time.Second}, "renewDeadline must be greater than retryPeriod*JitterFactor"},
		{"no started callback", Config{Name: "l", Identity: "me", Callbacks: Callbacks{OnStoppedLeading: func() {}}}, "OnStartedLeading callback must not be nil"},
		{"no stopped callback", Config{Name: "l", Identity: "me", Callbacks: Callbacks{OnStartedLeading: func() {}}}, "OnStoppedLeading callback must not be nil"},
		{"no identity", Config{Name: "l", Callbacks: noop}, "Lock identity is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, 1)
			_, err := New(c.env, c.env.Client("x", ""), tc.cfg)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("error %q, want %q", got, tc.want)
			}
		})
	}
}

// The failover's Lease calls and ELECT events, as a golden trace.
func TestFailoverGolden(t *testing.T) {
	c := newCluster(t, 5)
	a, b := c.add("controller-manager"), c.add("controller-manager-2")
	a.el.Run()
	b.el.Run()
	c.env.Loop.RunFor(7 * time.Second)
	a.el.Stop()
	c.env.Loop.RunFor(25 * time.Second)
	if !b.el.Leading() {
		t.Fatal("standby did not take over")
	}
	golden(t, c.env.Log, "failover")
}

// recordedEvent is one Event an EventRecorder was asked to record.
type recordedEvent struct {
	kind, namespace, name, resourceVersion, eventType, reason, message string
}

type eventLog []recordedEvent

func (l *eventLog) Event(obj *object.Object, eventType, reason, message string) {
	*l = append(*l, recordedEvent{obj.Kind, obj.Meta.Namespace, obj.Meta.Name, obj.Meta.ResourceVersion, eventType, reason, message})
}

// A candidate that becomes leader records one Normal LeaderElection
// Event about the Lease as it wrote it, "<identity> became leader", as
// resourcelock's RecordEvent does; renewing and losing record none.
func TestAcquisitionRecordsAnEvent(t *testing.T) {
	c := newCluster(t, 3)
	var events eventLog
	a := c.add("controller-manager", func(cfg *Config) { cfg.EventRecorder = &events })
	a.el.Run()
	c.env.Loop.RunFor(5 * time.Second)
	creates := c.calls("controller-manager", trace.Create)
	if len(creates) != 1 {
		t.Fatalf("Lease creates = %v", creates)
	}
	want := eventLog{{"Lease", "kube-system", "kube-controller-manager", creates[0].RVAfter, "Normal", "LeaderElection", a.el.Identity() + " became leader"}}
	if !slices.Equal(events, want) {
		t.Fatalf("events = %+v\nwant %+v", events, want)
	}
	c.plane.StopAll()
	c.env.Loop.RunFor(30 * time.Second)
	if len(a.stopped) != 1 || len(events) != 1 {
		t.Errorf("after losing: stopped %v, events %+v", a.stopped, events)
	}
}
