package cluster_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// settlePod is Pod demo/p on worker-a: one container of image with a
// readiness probe on / (period 10 s) that waits initialDelay seconds.
func settlePod(image string, initialDelay int) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata: {name: p, namespace: demo}
spec:
  nodeName: worker-a
  terminationGracePeriodSeconds: 60
  containers:
  - name: app
    image: "%s"
    readinessProbe: {httpGet: {path: /, port: 80}, initialDelaySeconds: %d}
`, image, initialDelay)
}

// TestSettleWaitsForWorkInFlight checks that Settle does not stop in a
// quiet spell while a kubelet has work in flight that takes longer than
// the quiet period and shows nothing meanwhile: each case would settle
// before its end on quiet alone.
func TestSettleWaitsForWorkInFlight(t *testing.T) {
	const wait = 40 * time.Second // longer than the quiet period
	if wait <= cluster.DefaultQuietPeriod {
		t.Fatalf("the cases wait %s, not longer than the quiet period %s", wait, cluster.DefaultQuietPeriod)
	}
	images := map[string]runtime.Image{
		"slow-pull:v1":  {PullDuration: wait},
		"late-ready:v1": {ReadyAfter: wait},
		"slow-stop:v1":  {StopDuration: wait},
	}
	for _, tc := range []struct {
		name string
		// act does the case's action on a settled cluster.
		act func(t *testing.T, c *cluster.Cluster)
		// done reports whether the work ended: it must hold once Settle
		// returns.
		done func(c *cluster.Cluster) bool
	}{
		{"an image pull",
			func(t *testing.T, c *cluster.Cluster) { apply(t, c, "alice", settlePod("slow-pull:v1", 0)) },
			podReady(true)},
		{"a process not yet listening",
			func(t *testing.T, c *cluster.Cluster) { apply(t, c, "alice", settlePod("late-ready:v1", 0)) },
			podReady(true)},
		{"a probe's initial delay",
			func(t *testing.T, c *cluster.Cluster) { apply(t, c, "alice", settlePod("web:v1", 40)) },
			podReady(true)},
		{"a run of probe failures",
			func(t *testing.T, c *cluster.Cluster) {
				apply(t, c, "alice", settlePod("web:v1", 0))
				if !c.Settle(5*time.Minute) || !podReady(true)(c) {
					t.Fatal("the Pod did not turn ready")
				}
				c.Nodes()[0].Runtime.SetAnswer("demo", "p", "app", "/", runtime.HTTPAnswer{Status: 500})
			},
			podReady(false)},
		{"a container slow to stop",
			func(t *testing.T, c *cluster.Cluster) {
				apply(t, c, "alice", settlePod("slow-stop:v1", 0))
				if !c.Settle(5 * time.Minute) {
					t.Fatal("the cluster did not settle")
				}
				if _, err := c.Client("alice").Delete(c.Env().Kind("", "Pod"), "demo", "p", api.DeleteOptions{}); err != nil {
					t.Fatal(err)
				}
			},
			func(c *cluster.Cluster) bool { return get(c, "", "Pod", "demo", "p") == nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := twoWorkers(1)
			for k, v := range images {
				cfg.Images[k] = v
			}
			c := started(t, cfg)
			tc.act(t, c)
			from := c.Now()
			if !c.Settle(5 * time.Minute) {
				t.Fatalf("did not settle (%s)", c.Now())
			}
			if !tc.done(c) {
				t.Errorf("settled at %s (%s after the action) before the work in flight ended", c.Now(), c.Now().Sub(from))
			}
		})
	}
}

// podReady returns a check that Pod demo/p exists and its readiness is
// want.
func podReady(want bool) func(c *cluster.Cluster) bool {
	return func(c *cluster.Cluster) bool {
		o := get(c, "", "Pod", "demo", "p")
		return o != nil && object.IsPodReady(o) == want
	}
}

// TestSettleEndsWithoutWorkInFlight checks that what never ends is not
// work in flight: a readiness probe that always fails, and a container in
// CrashLoopBackOff, leave the cluster settled once quiet.
func TestSettleEndsWithoutWorkInFlight(t *testing.T) {
	for _, tc := range []struct{ name, image string }{
		{"a readiness probe that always fails", "unready:v1"},
		{"a container in CrashLoopBackOff", "crasher:v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := twoWorkers(1)
			cfg.Images["unready:v1"] = runtime.Image{HTTP: map[string]runtime.HTTPAnswer{"/": {Status: 500}}}
			c := started(t, cfg)
			apply(t, c, "alice", settlePod(tc.image, 0))
			from := c.Now()
			if !c.Settle(5 * time.Minute) {
				t.Fatalf("did not settle within 5m (%s)", c.Now())
			}
			if d := c.Now().Sub(from); d > 2*time.Minute {
				t.Errorf("settled %s after the Pod was created, want well under the 5-minute backoff cap", d)
			}
			if podReady(true)(c) {
				t.Error("the Pod is ready")
			}
		})
	}
}
