package fault

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
)

// BenchmarkOverload runs a minute of `overload api` on a settled two-node
// cluster: twelve bursts of OverloadBurst requests to /version, each
// through route, authentication and priority and fairness, most refused
// with 429. It is the longest run of the course's build (the failures
// lesson observes the fault for ten minutes). One op is the minute; the
// ns/request metric divides it by the requests sent.
func BenchmarkOverload(b *testing.B) {
	cfg := cluster.Config{Seed: 1, Nodes: []cluster.Node{
		{Name: "worker-a", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}},
		{Name: "worker-b", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}},
	}}
	f, err := Parse("overload api")
	if err != nil {
		b.Fatal(err)
	}
	const bursts = 12
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		c, err := cluster.New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		c.Start()
		if !c.Settle(time.Minute) {
			b.Fatal("the cluster did not settle")
		}
		if err := Apply(c, f); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c.RunFor(bursts*OverloadPeriod - time.Millisecond)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*bursts*OverloadBurst), "ns/request")
}
