package flowcontrol

import (
	"net/http"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

const sec = sim.Time(time.Second)

// tiny is a server with one seat for everyone: a level "tiny" with one
// queue of three, which every authenticated user falls in.
func tiny() *Controller {
	return New(Config{
		MaxRequestsInFlight: 2, // tiny and catch-all: 5 shares each, so 1 seat each
		PriorityLevels: []PriorityLevel{{Name: "tiny", Type: Limited, NominalConcurrencyShares: 5,
			LimitResponse: Queue, Queuing: QueuingConfiguration{Queues: 1, HandSize: 1, QueueLengthLimit: 3}}},
		FlowSchemas: []FlowSchema{all("everyone", "tiny", 100, ByUser, groups(groupAuthenticated))},
	})
}

func TestAdmitOneSeat(t *testing.T) {
	c := tiny()
	alice := user("alice")
	admit := func(name string, at sim.Time, wait time.Duration, reason RejectReason) {
		t.Helper()
		d := c.Admit(at, alice, listPods, 10*time.Second)
		if d.Wait != wait || d.Reason != reason || d.Rejected != (reason != "") {
			t.Errorf("%s: wait %v reason %q rejected %v, want wait %v reason %q", name, d.Wait, d.Reason, d.Rejected, wait, reason)
		}
		if d.Rejected && (d.Status == nil || d.Status.Code != http.StatusTooManyRequests || d.Status.RetryAfterSeconds < 1) {
			t.Errorf("%s: status %+v, want 429 with Retry-After", name, d.Status)
		}
	}
	check := func(at sim.Time, seats, executing, waiting, dispatched, queued, rejected int) {
		t.Helper()
		l, _ := c.Level(at, "tiny")
		if l.SeatsInUse != seats || l.Executing != executing || l.Waiting != waiting ||
			l.Dispatched != dispatched || l.Queued != queued || l.Rejected != rejected {
			t.Errorf("at %v: seats %d executing %d waiting %d dispatched %d queued %d rejected %d; want %d %d %d %d %d %d",
				at, l.SeatsInUse, l.Executing, l.Waiting, l.Dispatched, l.Queued, l.Rejected,
				seats, executing, waiting, dispatched, queued, rejected)
		}
	}
	admit("first takes the seat", 0, 0, "")
	admit("second waits for it", 0, 10*time.Second, "")
	admit("third would wait 20s: 429 after 15s", 0, 15*time.Second, RejectTimeOut)
	admit("fourth too", 0, 15*time.Second, RejectTimeOut)
	admit("fifth finds the queue full", 0, 0, RejectQueueFull)
	// The doomed two hold their places until their wait runs out.
	check(10*sec, 1, 1, 2, 2, 1, 3)
	check(15*sec, 1, 1, 0, 2, 1, 3)
	admit("at 15s the doomed ones have left", 15*sec, 5*time.Second, "")
	check(20*sec, 1, 1, 0, 3, 2, 3)
	check(30*sec, 0, 0, 0, 3, 2, 3)
}

func TestExemptNeverWaits(t *testing.T) {
	c := New(Config{})
	admin := user("admin", api.GroupMasters)
	for i := range 10000 {
		if d := c.Admit(0, admin, listPods, time.Hour); d.Wait != 0 || d.Rejected || d.Level != LevelExempt {
			t.Fatalf("request %d: %+v", i, d)
		}
	}
	l, _ := c.Level(0, LevelExempt)
	if l.SeatsInUse != 10000 || l.Dispatched != 10000 {
		t.Errorf("exempt: %d seats in use, %d dispatched; want 10000 each", l.SeatsInUse, l.Dispatched)
	}
}

func TestCatchAllRejectsAtItsLimit(t *testing.T) {
	c := New(Config{})
	ghost := &api.UserInfo{Name: "ghost"} // in no group: only catch-all takes it
	for i := range 13 {
		if d := c.Admit(0, ghost, listPods, time.Second); d.Rejected || d.Wait != 0 {
			t.Fatalf("request %d of 13: %+v", i, d)
		}
	}
	d := c.Admit(0, ghost, listPods, time.Second)
	if !d.Rejected || d.Reason != RejectConcurrencyLimit || d.Status.RetryAfterSeconds != 1 ||
		d.Status.Message != "Too many requests, please try again later." {
		t.Errorf("14th: %+v %+v", d, d.Status)
	}
	if d := c.Admit(sec, ghost, listPods, time.Second); d.Rejected {
		t.Errorf("after the first 13 finished: %+v", d)
	}
}

// A flow that arrives behind a long backlog of another flow in the same
// level is served at the next free seat, not after the backlog.
func TestFairQueuing(t *testing.T) {
	c := New(Config{})
	bob, carol := user("bob"), user("carol")
	var bobMax time.Duration
	for range 200 { // global-default has 49 seats: 151 of bob's wait
		d := c.Admit(0, bob, listPods, time.Second)
		if d.Rejected {
			t.Fatalf("bob rejected: %+v", d)
		}
		bobMax = max(bobMax, d.Wait)
	}
	d := c.Admit(0, carol, listPods, time.Second)
	if d.Wait != time.Second || bobMax < 3*time.Second {
		t.Errorf("carol waits %v (want 1s, the first free seat); bob's longest wait %v (want at least 3s)", d.Wait, bobMax)
	}
}

// Seats are held through the additional latency of a write's watch
// events.
func TestSeatsHeldForWatchEvents(t *testing.T) {
	c := New(Config{WatchCount: func(api.RequestInfo) int { return 1000 }})
	d := c.Admit(0, user("alice"), res("create", "", "configmaps", "", "demo", ""), time.Second)
	if d.Work.Seats() != 8 || d.Work.AdditionalLatency != 62500*time.Microsecond {
		t.Fatalf("work %+v, want 8 seats and 62.5ms", d.Work)
	}
	for _, w := range []struct {
		at               sim.Time
		seats, executing int
	}{
		{sec - 1, 8, 1},
		{sec, 8, 0},
		{sec + sim.Time(62499*time.Microsecond), 8, 0},
		{sec + sim.Time(62500*time.Microsecond), 0, 0},
	} {
		l, _ := c.Level(w.at, LevelGlobalDefault)
		if l.SeatsInUse != w.seats || l.Executing != w.executing {
			t.Errorf("at %v: %d seats, %d executing; want %d, %d", w.at, l.SeatsInUse, l.Executing, w.seats, w.executing)
		}
	}
}
