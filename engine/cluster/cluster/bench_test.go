package cluster_test

import (
	"flag"
	"fmt"
	goruntime "runtime"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/internal/gctune"
)

// scale turns on the scale test and benchmark, which take minutes: `make
// bench-scale` runs them. Every run reaches all Pods Ready. At 30,000
// Pods the kubelets' status sync (a GET and a PATCH per change, with
// everything the API server and the watchers do for it) is the largest
// cost, then the collector, the readiness probes (every second, on every
// running Pod until the last is ready), API Priority and Fairness and the
// ReplicaSet's syncs.
var scale = flag.Bool("scale", false, "run the 1,000-node scale test and benchmark")

// scaleConfig is n nodes of 32 CPUs, 128 GiB and 110 Pods.
func scaleConfig(n int) cluster.Config {
	cfg := twoWorkers(1)
	cfg.Nodes = nil
	for i := range n {
		cfg.Nodes = append(cfg.Nodes, cluster.Node{Name: fmt.Sprintf("node-%04d", i),
			Capacity: map[string]string{"cpu": "32", "memory": "128Gi", "pods": "110"}})
	}
	return cfg
}

// runScale builds nodes Nodes, creates a Deployment of pods replicas and
// runs until all are ready; it returns the cluster and whether they were.
func runScale(tb testing.TB, nodes, pods int) (*cluster.Cluster, bool) {
	c, err := cluster.New(scaleConfig(nodes))
	if err != nil {
		tb.Fatal(err)
	}
	c.Start()
	c.RunFor(5 * time.Second)
	apply(tb, c, "alice", deploymentYAML(pods, "web:v1"))
	ok := c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == int64(pods) }, 30*time.Minute)
	return c, ok
}

// BenchmarkScale runs 1,000 nodes to 3,000, 10,000 and 30,000 ready Pods
// and reports wall time (ns/op) and per Pod, events per second, the heap
// in use at the end and the process's peak resident set. It runs at the
// collector pace the loopbook command sets (gctune.Apply: GOGC=400 under
// a ceiling), or at GOGC when that is set.
func BenchmarkScale(b *testing.B) {
	if !*scale {
		b.Skip("pass -scale (make bench-scale) to run the scale benchmark")
	}
	defer gctune.Apply()()
	for _, pods := range []int{3000, 10000, 30000} {
		b.Run(fmt.Sprintf("nodes=1000/pods=%d", pods), func(b *testing.B) {
			var events uint64
			var peak uint64
			for b.Loop() {
				c, ok := runScale(b, 1000, pods)
				if !ok {
					b.Fatalf("not all %d Pods ready at %s", pods, c.Now())
				}
				events += c.Env().Loop.Fired()
				var ms goruntime.MemStats
				goruntime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
				b.ReportMetric(float64(c.Trace().Len()), "trace-events")
				b.ReportMetric(c.Now().Duration().Seconds(), "virtual-s")
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
			// Wall time per Pod, to compare across sizes: the goal is a
			// cost about linear in Pods.
			b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N*pods), "ms/pod")
			b.ReportMetric(float64(peak)/(1<<20), "heap-MiB")
			b.ReportMetric(peakRSS(), "peak-RSS-MiB")
		})
	}
}

// BenchmarkScaleSmall is the scale run at a tenth of its nodes and a
// thirtieth of its Pods (100 nodes, 1,000 Pods): the same paths —
// flow control's queues under the kubelets' bursts, the status patches,
// the watch fan-out — at a size valgrind counts in a minute (`make
// bench-instructions`), where the full run takes minutes.
func BenchmarkScaleSmall(b *testing.B) {
	for b.Loop() {
		if c, ok := runScale(b, 100, 1000); !ok {
			b.Fatalf("not all 1,000 Pods ready at %s", c.Now())
		}
	}
}

// TestScale checks correctness at scale, not time: every Pod of 3,000 on
// 1,000 nodes is Ready and the scheduler spread them.
func TestScale(t *testing.T) {
	if !*scale {
		t.Skip("pass -scale (make bench-scale) to run the scale test")
	}
	c, ok := runScale(t, 1000, 3000)
	if !ok {
		t.Fatalf("not all Pods ready at %s: %d", c.Now(), readyReplicas(c, "demo", "web"))
	}
	perNode := map[string]int{}
	for _, p := range list(t, c, "", "Pod", "demo", "app=web") {
		perNode[p.GetString(".spec.nodeName")]++
	}
	for n, k := range perNode {
		if k > 110 {
			t.Errorf("node %s has %d Pods", n, k)
		}
	}
	if len(perNode) < 500 {
		t.Errorf("Pods on %d nodes only", len(perNode))
	}
}

// BenchmarkCourseScenario is the create-a-Deployment lesson on two
// workers: build, start, settle, apply, run until ready. Goal: under 5 ms.
func BenchmarkCourseScenario(b *testing.B) {
	for b.Loop() {
		readyDeployment(b)
	}
}

// readyDeployment builds and starts a cluster of two workers, lets it
// settle, applies a Deployment of three Pods and runs until they are
// ready.
func readyDeployment(tb testing.TB) *cluster.Cluster {
	c, err := cluster.New(twoWorkers(1))
	if err != nil {
		tb.Fatal(err)
	}
	c.Start()
	c.Settle(5 * time.Minute)
	apply(tb, c, "alice", deploymentYAML(3, "web:v1"))
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 3 }, 2*time.Minute) {
		tb.Fatal("not ready")
	}
	return c
}

// BenchmarkSteadyMinute is one minute of virtual time of a settled
// cluster of two workers running a Deployment of three ready Pods: the
// heartbeats, leader-election renewals, probes and relists a lesson's
// `wait` and a run's closing settle pay for. Several of the course's
// slowest scenarios spend most of their time so.
func BenchmarkSteadyMinute(b *testing.B) {
	c := readyDeployment(b)
	c.Settle(5 * time.Minute)
	b.ReportAllocs()
	for b.Loop() {
		c.RunFor(time.Minute)
		c.Trace().Reset() // a long run's trace is not the cost measured
	}
	if readyReplicas(c, "demo", "web") != 3 {
		b.Fatal("the Deployment is no longer ready")
	}
}
