package deployment_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// BenchmarkDeployment30000 scales one Deployment to 30,000 Pods on the
// stand-in kubelet (1,000 nodes) and runs until every Pod is available.
// It reports the virtual time that takes, the trace's size and the
// ReplicaSet syncs.
func BenchmarkDeployment30000(b *testing.B) {
	benchmarkDeployment(b, 30000, 1000)
}

// BenchmarkDeployment3 is a lesson-sized scenario: three Pods on two
// nodes, from the control plane's start.
func BenchmarkDeployment3(b *testing.B) {
	benchmarkDeployment(b, 3, 2)
}

func benchmarkDeployment(b *testing.B, n int64, nodeCount int) {
	for b.Loop() {
		f := newFixture(b)
		f.StartKubeletOn(nodes(nodeCount))
		f.Apply(web(int(n), "web:v1"))
		f.RunUntil("all available", func() bool { return f.status("availableReplicas") == n }, time.Hour)
		b.ReportMetric(f.Env.Loop.Now().Duration().Seconds(), "virtual-s")
		b.ReportMetric(float64(f.Env.Log.Len()), "trace-events")
		b.ReportMetric(float64(f.Env.Log.Query(trace.From(replicaset.Name), trace.Verbs(trace.Reconcile)).Count()), "rs-syncs")
		f.Stop()
	}
}

func nodes(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("worker-%04d", i)
	}
	return out
}
