package flowcontrol

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

func TestEstimateWork(t *testing.T) {
	counts := func(n int64, ok bool) func(api.GroupResource) (int64, bool) {
		return func(api.GroupResource) (int64, bool) { return n, ok }
	}
	watches := func(n int) func(api.RequestInfo) int { return func(api.RequestInfo) int { return n } }
	tests := []struct {
		name     string
		cfg      Config
		info     api.RequestInfo
		maxSeats int
		want     Work
	}{
		{"get", Config{}, res("get", "", "pods", "", "demo", "web"), 10, Work{InitialSeats: 1}},
		{"list without counts", Config{}, listPods, 10, Work{InitialSeats: 1}},
		{"list of 250", Config{ObjectCount: counts(250, true)}, listPods, 10, Work{InitialSeats: 3}},
		{"list of 0", Config{ObjectCount: counts(0, true)}, listPods, 10, Work{InitialSeats: 1}},
		{"list of 30000 capped", Config{ObjectCount: counts(30000, true)}, listPods, 10, Work{InitialSeats: 10}},
		{"list capped by the level", Config{ObjectCount: counts(30000, true)}, listPods, 8, Work{InitialSeats: 8}},
		{"list of an unknown resource", Config{ObjectCount: counts(30000, false)}, listPods, 10, Work{InitialSeats: 1}},
		{"list naming one object", Config{ObjectCount: counts(30000, true)}, res("list", "", "pods", "", "demo", "web"), 10, Work{InitialSeats: 1}},
		{"watch", Config{ObjectCount: counts(30000, true)}, res("watch", "", "pods", "", "", ""), 10, Work{InitialSeats: 1}},
		{"create with 9 watches", Config{WatchCount: watches(9)}, res("create", "", "pods", "", "demo", ""), 10, Work{InitialSeats: 1}},
		{"update with 25 watches", Config{WatchCount: watches(25)}, res("update", "", "pods", "", "demo", "web"), 10,
			Work{InitialSeats: 1, FinalSeats: 3, AdditionalLatency: 5 * time.Millisecond}},
		{"delete with 1000 watches", Config{WatchCount: watches(1000)}, res("delete", "", "pods", "", "demo", "web"), 10,
			Work{InitialSeats: 1, FinalSeats: 10, AdditionalLatency: 50 * time.Millisecond}},
		{"patch with 1000 watches at 8 seats", Config{WatchCount: watches(1000)}, nodeStatusPatch, 8,
			Work{InitialSeats: 1, FinalSeats: 8, AdditionalLatency: 62500 * time.Microsecond}},
		{"token request sends no events", Config{WatchCount: watches(1000)}, res("create", "", "serviceaccounts", "token", "demo", "app"), 10, Work{InitialSeats: 1}},
		{"deletecollection", Config{WatchCount: watches(1000)}, res("deletecollection", "", "pods", "", "demo", ""), 10, Work{InitialSeats: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := New(tc.cfg)
			if got := c.estimateWork(&tc.info, tc.maxSeats); got != tc.want {
				t.Errorf("estimateWork = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestLongRunning(t *testing.T) {
	tests := []struct {
		name        string
		info        api.RequestInfo
		longRunning bool
		bypass      bool
	}{
		{"exec", res("create", "", "pods", "exec", "demo", "web"), true, true},
		{"logs", res("get", "", "pods", "log", "demo", "web"), true, true},
		{"port-forward", res("create", "", "pods", "portforward", "demo", "web"), true, true},
		{"watch is long-running but flow-controlled", res("watch", "", "pods", "", "demo", ""), true, false},
		{"status is not", nodeStatusPatch, false, false},
		{"a path ending in log is not", path("get", "/logs/log"), false, false},
	}
	c := New(Config{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsLongRunning(tc.info); got != tc.longRunning {
				t.Errorf("IsLongRunning = %v, want %v", got, tc.longRunning)
			}
			d := c.Admit(0, user("alice"), tc.info, time.Millisecond)
			if d.LongRunning != tc.bypass || (d.Level == "") != tc.bypass {
				t.Errorf("Admit = %+v, want bypass %v", d, tc.bypass)
			}
		})
	}
}
