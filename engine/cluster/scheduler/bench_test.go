package scheduler

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	schedcache "github.com/loopbook/loopbook/engine/cluster/scheduler/cache"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/plugins"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// benchNodes returns n worker nodes spread over three zones.
func benchNodes(n int) []*object.Object {
	out := make([]*object.Object, n)
	for i := range out {
		out[i] = nodeObject(nodeSpec{name: fmt.Sprintf("worker-%04d", i), cpu: "32", memory: "128Gi",
			labels: map[string]string{"topology.kubernetes.io/zone": fmt.Sprint("zone-", i%3)}})
		out[i].Meta.UID = fmt.Sprint("node-uid-", i)
	}
	return out
}

// benchPod returns a Pod of a Deployment's template, as created.
func benchPod(i int) *object.Object {
	o := podObject(podSpec{name: fmt.Sprintf("web-%05d", i), cpu: "100m", memory: "128Mi", labels: map[string]string{"app": "web"}})
	o.Spec()["schedulerName"] = framework.DefaultSchedulerName
	o.Meta.UID, o.Meta.Generation = fmt.Sprint("uid-", i), 1
	return o
}

// algorithmScheduler is a replica with a cache and a framework but no API:
// enough to run the scheduling algorithm and the assume.
func algorithmScheduler(nodes []*object.Object) *Scheduler {
	loop := sim.NewLoop()
	e := &env.Env{Loop: loop, Log: trace.NewLog(), Rand: sim.NewRand(1), Timings: env.Default()}
	s := &Scheduler{cfg: Config{Env: e, Name: trace.Scheduler}, env: e}
	s.cache = schedcache.New()
	s.nominator = newNominator()
	s.fwk = framework.NewFramework(framework.DefaultSchedulerName, plugins.DefaultProfile(s))
	for _, n := range nodes {
		s.cache.AddNode(n)
	}
	return s
}

// BenchmarkScheduleAlgorithm1000Nodes: one Pod's scheduling cycle on a
// 1,000-node cluster filling up with 30,000 Pods: PreFilter, Filter on
// 420 nodes (percentageOfNodesToScore's adaptive 42 %), PreScore, Score,
// the pick, the trace events and the assume. Reports the cost per node
// evaluated.
func BenchmarkScheduleAlgorithm1000Nodes(b *testing.B) {
	nodes := benchNodes(1000)
	pods := make([]*framework.PodInfo, 30000)
	for i := range pods {
		pods[i] = framework.NewPodInfo(benchPod(i))
	}
	s := algorithmScheduler(nodes)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	evaluated := 0
	for i := range b.N {
		if i%len(pods) == 0 && i > 0 {
			b.StopTimer()
			evaluated += s.stats.NodesEvaluated
			s = algorithmScheduler(nodes)
			b.StartTimer()
		}
		p := pods[i%len(pods)]
		s.state.Reset()
		res, st := s.schedulingAlgorithm(&s.state, p)
		if !st.IsSuccess() {
			b.Fatalf("pod %d: %v", i, st.Message())
		}
		if _, err := s.cache.AssumePod(p, res.host); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	evaluated += s.stats.NodesEvaluated
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/pod")
	b.ReportMetric(float64(cpu)/float64(evaluated), "cpu-ns/node")
}

// cpuTime returns the CPU time the process has used (user and system, all
// threads: the garbage collector included), which the machine's other load
// does not inflate as it inflates wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkScheduler30kPodsOn1000Nodes: the whole scheduler against the API
// server: 1,000 nodes, 30,000 Pods created at once, run until every Pod is
// bound (bindings, Scheduled Events and the informers' watch traffic
// included). Reports the wall time and the process CPU time per run, and
// the CPU time of the scheduling algorithm alone for the same Pods.
func BenchmarkScheduler30kPodsOn1000Nodes(b *testing.B) {
	const numPods = 30000
	nodes := benchNodes(1000)
	var cpu, schedCPU time.Duration
	for range b.N {
		b.StopTimer()
		h := newHarness(b)
		for _, n := range nodes {
			h.create(n.DeepCopy())
		}
		h.startScheduler()
		for i := range numPods {
			o := podObject(podSpec{name: fmt.Sprintf("web-%05d", i), cpu: "100m", memory: "128Mi", labels: map[string]string{"app": "web"}})
			h.create(o)
		}
		b.StartTimer()
		c0 := cpuTime()
		if !h.loop.RunUntil(func() bool { return h.sched.stats.Scheduled == numPods }, time.Hour) {
			b.Fatalf("scheduled %d of %d", h.sched.stats.Scheduled, numPods)
		}
		cpu += cpuTime() - c0
		b.StopTimer()
		// The scheduler's own share: the same Pods through the algorithm
		// and the assume, without the API server.
		s := algorithmScheduler(nodes)
		pods := make([]*framework.PodInfo, numPods)
		for i := range pods {
			pods[i] = framework.NewPodInfo(benchPod(i))
		}
		c0 = cpuTime()
		for _, p := range pods {
			s.state.Reset()
			res, st := s.schedulingAlgorithm(&s.state, p)
			if !st.IsSuccess() {
				b.Fatal(st.Message())
			}
			s.cache.AssumePod(p, res.host)
		}
		schedCPU += cpuTime() - c0
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e9, "cpu-s/run")
	b.ReportMetric(float64(schedCPU.Nanoseconds())/float64(b.N)/1e9, "algorithm-cpu-s/run")
}
