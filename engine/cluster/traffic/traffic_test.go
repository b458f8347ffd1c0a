package traffic

import (
	"maps"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestDistributionOverThreeBackends: with a seed, the split is exact and
// reproducible, and close to a third each.
func TestDistributionOverThreeBackends(t *testing.T) {
	cases := []struct {
		name string
		seed int64
		want map[string]int
	}{
		{"seed 1", 1, map[string]int{"demo/web-a 200": 112, "demo/web-b 200": 92, "demo/web-c 200": 96}},
		{"seed 2", 2, map[string]int{"demo/web-a 200": 91, "demo/web-b 200": 106, "demo/web-c 200": 103}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, tc.seed)
			got := tally(c.client.Send(Request{Service: "demo/web", Count: 300}))
			if !maps.Equal(got, tc.want) {
				t.Errorf("split %v, want %v", got, tc.want)
			}
			for k, n := range got {
				if n < 80 || n > 120 {
					t.Errorf("%s got %d of 300, far from a third", k, n)
				}
			}
		})
	}
}

func TestTrafficNeverUsesTheAPI(t *testing.T) {
	c := newCluster(t, 1)
	before := c.env.Log.Len()
	rs := c.client.Send(Request{Service: "demo/web", Count: 20})
	after := c.env.Log.Len()
	if n := apiEvents(c.env.Log, before, after); n != 0 {
		t.Errorf("%d API events during traffic, want 0", n)
	}
	if got := c.env.Log.Query(trace.Verbs(trace.HTTP)).After(before - 1).Count(); got != 20 {
		t.Errorf("%d HTTP events, want 20", got)
	}
	for _, r := range rs {
		if !r.Served() {
			t.Errorf("request failed: %+v", r)
		}
	}
}

// TestTrafficWhileAPIServersStopped: `stop apiservers` stops coordination,
// not the programmed data plane.
func TestTrafficWhileAPIServersStopped(t *testing.T) {
	c := newCluster(t, 1)
	c.plane.StopAll()
	c.loop.RunFor(2 * time.Minute)
	before := c.env.Log.Len()
	rs := c.client.Send(Request{Service: "demo/web", Count: 30})
	if n := apiEvents(c.env.Log, before, c.env.Log.Len()); n != 0 {
		t.Errorf("%d API events during traffic, want 0", n)
	}
	got := tally(rs)
	if got["demo/web-a 200"]+got["demo/web-b 200"]+got["demo/web-c 200"] != 30 {
		t.Errorf("with every API server stopped: %v, want 30 served", got)
	}
	// The proxies' watches failed, yet their rules are still in place.
	if _, err := c.admin.Get(c.env.Kind("", "Service"), "demo", "web"); err == nil {
		t.Error("the API answered while stopped")
	}
}

// TestStaleRulesAfterKubeProxyRemoval: with kube-proxy removed from
// worker-a, a Pod that is gone stays in worker-a's rules; worker-b's proxy
// follows the EndpointSlice.
func TestStaleRulesAfterKubeProxyRemoval(t *testing.T) {
	c := newCluster(t, 1)
	c.proxies["worker-a"].Stop()
	// web-b is deleted: its IP is released and the slice drops it.
	c.net.RemovePod("10.244.1.3")
	c.slice(webPods[0], webPods[2])
	c.loop.RunFor(5 * time.Second)

	viaA := tally(c.client.Send(Request{Service: "demo/web", Via: "worker-a", Count: 90}))
	viaB := tally(c.client.Send(Request{Service: "demo/web", Via: "worker-b", Count: 90}))
	if viaA[ErrNoRoute] == 0 {
		t.Errorf("via worker-a %v: want some requests sent to web-b's stale address", viaA)
	}
	if viaA["demo/web-a 200"]+viaA["demo/web-c 200"]+viaA[ErrNoRoute] != 90 {
		t.Errorf("via worker-a %v", viaA)
	}
	if viaB[ErrNoRoute] != 0 || viaB["demo/web-a 200"]+viaB["demo/web-c 200"] != 90 {
		t.Errorf("via worker-b %v: want only the two live Pods", viaB)
	}
}

func TestFailuresOnThePath(t *testing.T) {
	cases := []struct {
		name  string
		setup func(c *cluster)
		req   Request
		want  map[string]int
		to    trace.Actor
	}{
		{"no endpoints: REJECT, refused at the node",
			func(c *cluster) { c.slice(); c.loop.RunFor(2 * time.Second) },
			Request{Service: "demo/web", Via: "worker-b", Count: 3},
			map[string]int{ErrRefused: 3}, trace.Rules("worker-b")},
		{"unknown Service: no rule, the connection times out",
			func(*cluster) {},
			Request{Service: "demo/nope", Via: "worker-a", Count: 2},
			map[string]int{ErrTimeout: 2}, ""},
		{"entry node down: the load balancer skips it, its Pods time out",
			func(c *cluster) { c.net.SetNodeDown("worker-a", true) },
			Request{Service: "demo/web", Count: 4},
			map[string]int{"demo/web-c 200": 3, ErrTimeout: 1}, trace.Pod("demo", "web-a")},
		{"every node down: nowhere to enter",
			func(c *cluster) { c.net.SetNodeDown("worker-a", true); c.net.SetNodeDown("worker-b", true) },
			Request{Service: "demo/web", Count: 2},
			map[string]int{ErrTimeout: 2}, ""},
		{"from a Pod: through its own node, to a wrong port",
			func(*cluster) {},
			Request{FromIP: "10.244.2.2", Service: "demo/web", Port: 81, Count: 1},
			map[string]int{ErrTimeout: 1}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, 1)
			tc.setup(c)
			before := c.env.Log.Len()
			if got := tally(c.client.Send(tc.req)); !maps.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			last, _ := c.env.Log.Query(trace.Verbs(trace.HTTP)).After(before - 1).Last()
			if tc.to != "" && last.To != tc.to {
				t.Errorf("last event to %q, want %q", last.To, tc.to)
			}
		})
	}
}

func TestFromPodUsesItsNode(t *testing.T) {
	c := newCluster(t, 1)
	// Only worker-b's rules know the Service: a Pod on worker-b reaches it,
	// one on worker-a does not.
	c.net.DropRules("worker-a")
	fromB := c.client.Send(Request{FromIP: "10.244.2.2", Service: "demo/web", Count: 3})
	fromA := c.client.Send(Request{FromIP: "10.244.1.2", Service: "demo/web", Count: 1})
	for _, r := range fromB {
		if r.Via != "worker-b" || !r.Served() {
			t.Errorf("from worker-b: %+v", r)
		}
	}
	if fromA[0].Via != "worker-a" || fromA[0].Answer.Err != ErrTimeout {
		t.Errorf("from worker-a: %+v", fromA[0])
	}
	e, _ := c.env.Log.Query(trace.Verbs(trace.HTTP)).First()
	if e.From != trace.Pod("demo", "web-c") {
		t.Errorf("sender %q, want the Pod", e.From)
	}
}

func TestBackendOnDownNodeTimesOut(t *testing.T) {
	c := newCluster(t, 1)
	c.net.SetNodeDown("worker-b", true)
	got := tally(c.client.Send(Request{Service: "demo/web", Via: "worker-a", Count: 30}))
	if got[ErrTimeout] == 0 || got[ErrTimeout]+got["demo/web-a 200"]+got["demo/web-b 200"] != 30 {
		t.Errorf("%v: want web-c's share to time out", got)
	}
}

func TestTrafficGolden(t *testing.T) {
	c := newCluster(t, 1)
	before := c.env.Log.Len()
	c.client.Send(Request{Service: "demo/web", Count: 6})
	c.net.AddPod(&network.Endpoint{IP: "10.244.1.3", Node: "worker-a", Pod: "demo/web-b"}) // no container listening
	c.client.Send(Request{From: "alice", Service: "demo/web", Via: "worker-b", Count: 4})
	golden(t, c.env.Log, before, "traffic")
}
