package scenario

import "testing"

// BenchmarkRunScenario runs the 14-step create-deployment scenario on a
// fresh two-workers cluster: boot, actions, settle, steps, claims, map.
func BenchmarkRunScenario(b *testing.B) {
	sc := parseScenario(b, readFile(b, "create-deployment.yaml"))
	cfg := twoWorkers(b)
	b.ReportAllocs()
	for b.Loop() {
		r, err := RunScenario(sc, cfg)
		if err != nil || r.Failed() {
			b.Fatalf("run failed: %v", err)
		}
	}
}

// BenchmarkBoot is the part of a run that is the cluster's boot: build,
// start and settle.
func BenchmarkBoot(b *testing.B) {
	cfg := twoWorkers(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewSession(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
