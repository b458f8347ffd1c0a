package cluster_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

func TestBootQuietPeriod(t *testing.T) {
	for _, tc := range []struct {
		name   string
		images map[string]runtime.Image
		quiet  time.Duration // Config.QuietPeriod, 0 for the default
		want   time.Duration
	}{
		{"no images", nil, 0, cluster.DefaultBootQuietPeriod},
		{"quick image", map[string]runtime.Image{"web:v1": {PullDuration: 2 * time.Second, ReadyAfter: 3 * time.Second}}, 0, 15 * time.Second},
		{"slow image", map[string]runtime.Image{
			"web:v1":  {PullDuration: 2 * time.Second},
			"slow:v1": {PullDuration: 4 * time.Second, StartDuration: time.Second, ReadyAfter: 7 * time.Second},
		}, 0, 22 * time.Second},
		{"slower than the quiet period", map[string]runtime.Image{"slow:v1": {ReadyAfter: time.Minute}}, 0, cluster.DefaultQuietPeriod},
		{"short quiet period", nil, 5 * time.Second, 5 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := twoWorkers(1)
			cfg.Images, cfg.QuietPeriod = tc.images, tc.quiet
			c, err := cluster.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.BootQuietPeriod(); got != tc.want {
				t.Errorf("BootQuietPeriod() = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestSettleBoot checks that a boot settled with the boot's window ends
// that long after its last activity, sooner than Settle's would, and in
// the same state: every Node Ready.
func TestSettleBoot(t *testing.T) {
	boot := func(settle func(*cluster.Cluster) bool) *cluster.Cluster {
		c, err := cluster.New(twoWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		c.Start()
		if !settle(c) {
			t.Fatalf("the cluster did not settle by %s", c.Now())
		}
		return c
	}
	short := boot(func(c *cluster.Cluster) bool { return c.SettleBoot(5 * time.Minute) })
	long := boot(func(c *cluster.Cluster) bool { return c.Settle(5 * time.Minute) })
	if got, want := long.Now().Sub(short.Now()), cluster.DefaultQuietPeriod-cluster.DefaultBootQuietPeriod; got < want-2*time.Second || got > want+2*time.Second {
		t.Errorf("Settle ended %s after SettleBoot (%s, %s), want about %s", got, long.Now(), short.Now(), want)
	}
	for _, c := range []*cluster.Cluster{short, long} {
		for _, n := range list(t, c, "", "Node", "", "") {
			if got := n.GetString(`.status.conditions[type=Ready].status`); got != "True" {
				t.Errorf("at %s Node %s Ready = %q, want True", c.Now(), n.Meta.Name, got)
			}
		}
	}
}
