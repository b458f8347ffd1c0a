package flowcontrol

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// BenchmarkAdmit measures one decision without contention: requests
// arrive 5µs apart (200,000 a second) and hold their seat 50µs, so about
// 10 are in flight, below every level's limit (catch-all's 13 included).
func BenchmarkAdmit(b *testing.B) {
	cases := []struct {
		name string
		user *api.UserInfo
		info api.RequestInfo
	}{
		{"exempt", user("admin", api.GroupMasters), listPods},
		{"leader-election", user(UserKubeControllerManager), kcmLeaseUpdate},
		{"node-high", node("worker-1"), nodeLeaseUpdate},
		{"global-default", user("alice"), listPods},
		{"catch-all", &api.UserInfo{Name: "ghost"}, listPods},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			c := New(Config{})
			now := sim.Time(0)
			b.ReportAllocs()
			for b.Loop() {
				now += sim.Time(5 * time.Microsecond)
				if d := c.Admit(now, tc.user, tc.info, 50*time.Microsecond); d.Wait != 0 || d.Rejected {
					b.Fatalf("contention: %+v", d)
				}
			}
		})
	}
}

// BenchmarkAdmitOverloaded measures decisions in a level kept saturated:
// a noisy client sends 2,000 lists a second that hold a seat 10s, so its
// queues stay full and each request is queued, predicted or rejected.
func BenchmarkAdmitOverloaded(b *testing.B) {
	c := New(Config{})
	noisy := serviceAccount("default", "noisy")
	now := sim.Time(0)
	b.ReportAllocs()
	for b.Loop() {
		now += sim.Time(500 * time.Microsecond)
		c.Admit(now, noisy, listPods, 10*time.Second)
	}
}

// BenchmarkClassify measures finding the FlowSchema alone, for the
// schema matched first and the one matched last.
func BenchmarkClassify(b *testing.B) {
	c := New(Config{})
	for _, tc := range []struct {
		name string
		user *api.UserInfo
	}{{"exempt", user("admin", api.GroupMasters)}, {"global-default", user("alice")}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.Classify(tc.user, listPods)
			}
		})
	}
}

// BenchmarkBurst measures the package example's burst: 400 five-second
// lists from one user at one instant into global-default (49 run, 300
// queue, each queued one predicted, the rest rejected). One op is the
// whole burst.
func BenchmarkBurst(b *testing.B) {
	mallory := user("mallory")
	b.ReportAllocs()
	for b.Loop() {
		c := New(Config{})
		for range 400 {
			c.Admit(0, mallory, listPods, 5*time.Second)
		}
	}
}

// BenchmarkBurstManyFlows measures the burst a large cluster's kubelets
// make when their Pods start together: 1,000 nodes, each its own flow,
// send 8,000 requests 1µs apart into the system level, each holding its
// seat 5ms (the API server's default service time). 74 run at once,
// about 3,300 are queued across the level's 64 queues, each of them
// predicted, and the rest are refused as their queues fill (the benchmark
// fails if fewer than 3,000 are queued). One op is the whole burst.
func BenchmarkBurstManyFlows(b *testing.B) {
	nodes := make([]*api.UserInfo, 1000)
	reqs := make([]api.RequestInfo, len(nodes))
	for i := range nodes {
		name := fmt.Sprintf("node-%04d", i)
		nodes[i] = node(name)
		reqs[i] = res("get", "", "pods", "", "demo", name)
	}
	const burst = 8000
	b.ReportAllocs()
	for b.Loop() {
		c := New(Config{})
		queued, rejected := 0, 0
		for i := range burst {
			n := (i * 7919) % len(nodes)
			d := c.Admit(sim.Time(i)*sim.Time(time.Microsecond), nodes[n], reqs[n], 5*time.Millisecond)
			if d.Rejected {
				rejected++
			} else if d.Wait > 0 {
				queued++
			}
		}
		if queued < 3000 {
			b.Fatalf("%d of %d requests queued (%d refused), want at least 3,000", queued, burst, rejected)
		}
	}
}
