package cluster_test

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
)

// Each control-plane component records a LeaderElection Event about its
// Lease when it becomes leader, as kube-controller-manager and
// kube-scheduler v1.37 do: source kube-controller-manager and
// default-scheduler, "<identity> became leader". A standby that takes
// over after a kill records its own.
func TestLeaderElectionEvents(t *testing.T) {
	cfg := twoWorkers(1)
	cfg.ControllerManagers = 2
	c, err := cluster.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	c.Settle(5 * time.Minute)
	type seen struct{ component, lease, message string }
	events := func() []seen {
		var out []seen
		for _, e := range list(t, c, "", "Event", "kube-system", "") {
			if e.GetString(".reason") == "LeaderElection" && e.GetString(".type") == "Normal" {
				out = append(out, seen{e.GetString(".source.component"), e.GetString(".involvedObject.name"), e.GetString(".message")})
			}
		}
		return out
	}
	first := c.ControllerManagers()[0]
	want := []seen{
		{"kube-controller-manager", "kube-controller-manager", first.Identity() + " became leader"},
		{"default-scheduler", "kube-scheduler", c.Schedulers()[0].Identity() + " became leader"},
	}
	if got := events(); !slices.Equal(got, want) {
		t.Fatalf("events = %+v\nwant %+v", got, want)
	}
	first.Stop()
	c.RunFor(time.Minute)
	standby := c.ControllerManagers()[1]
	if !standby.Leading() {
		t.Fatal("the standby did not take over")
	}
	// Events list by name: the Lease's name, then the time in hex.
	want = []seen{want[0], {"kube-controller-manager", "kube-controller-manager", standby.Identity() + " became leader"}, want[1]}
	if got := events(); !slices.Equal(got, want) {
		t.Errorf("after failover: %+v\nwant %+v", events(), want)
	}
}
