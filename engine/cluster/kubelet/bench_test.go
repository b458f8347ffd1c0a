package kubelet

import (
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// scale turns on the 1,000-node case, which takes minutes.
var scale = flag.Bool("scale", false, "run the 1,000-node kubelet benchmark")

// BenchmarkPodStarts starts 30 Pods on each node, bound directly (no
// scheduler), and runs until every kubelet has reported its Pods Ready. It
// reports, per Pod start, the loop events, the trace events, and the
// events kubelets and runtimes recorded themselves (their API requests
// and node-local calls).
func BenchmarkPodStarts(b *testing.B) {
	for _, nodes := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("nodes=%d/pods=%d", nodes, nodes*30), func(b *testing.B) {
			if nodes > 100 && !*scale {
				b.Skip("pass -scale to run the 1,000-node case")
			}
			for i := 0; i < b.N; i++ {
				benchPodStarts(b, nodes, 30)
			}
		})
	}
}

func benchPodStarts(b *testing.B, nodes, podsPerNode int) {
	b.StopTimer()
	names := make([]string, nodes)
	for i := range names {
		names[i] = fmt.Sprintf("node-%04d", i)
	}
	c := newCluster(b, nil, names...)
	c.start(names...)
	c.runFor(time.Second)
	b.StartTimer()
	firedBefore, eventsBefore := c.loop.Fired(), c.log.Len()
	spec := webSpec("web:v1")
	for i := 0; i < podsPerNode; i++ {
		for _, n := range names {
			c.createPod(fmt.Sprintf("web-%s-%02d", n, i), n, spec)
		}
	}
	total := nodes * podsPerNode
	for i := 0; i < 120 && c.readyPods() < total; i++ {
		c.runFor(time.Second)
	}
	if got := c.readyPods(); got < total {
		b.Fatalf("only %d of %d Pods ready", got, total)
	}
	b.StopTimer()
	own := c.log.Query(trace.From("kubelet/*")).After(eventsBefore-1).Count() +
		c.log.Query(trace.From("runtime/*")).After(eventsBefore-1).Count()
	b.ReportMetric(float64(c.loop.Fired()-firedBefore)/float64(total), "loop-events/pod")
	b.ReportMetric(float64(c.log.Len()-eventsBefore)/float64(total), "trace-events/pod")
	b.ReportMetric(float64(own)/float64(total), "kubelet-events/pod")
}

// BenchmarkLeaseRenewalBody is the client's side of one renewal of the
// node's Lease: the body the lease controller builds to send, without
// sending it.
func BenchmarkLeaseRenewalBody(b *testing.B) {
	c := newCluster(b, nil, "worker-a")
	c.start("worker-a")
	c.runFor(15 * time.Second)
	lc := c.kubelets["worker-a"].l.lease
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, ok := lc.renewalBody(lc.latest); !ok {
			b.Fatal("no body")
		}
	}
}
