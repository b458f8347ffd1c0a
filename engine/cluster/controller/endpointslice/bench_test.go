package endpointslice

import (
	"fmt"
	"testing"
)

// setup1000 is demo/web over 1,000 ready Pods, synced into 10 slices.
func setup1000(b *testing.B) *harness {
	h := newHarness(b, Config{})
	h.service("")
	for i := range 1000 {
		h.pod(fmt.Sprintf("web-%04d", i), "worker-a", fmt.Sprintf("10.244.%d.%d", 1+i/200, 2+i%200), true)
	}
	h.settle()
	if n := len(h.slices()); n != 10 {
		b.Fatalf("%d slices, want 10", n)
	}
	return h
}

// BenchmarkReconcile1000Pods measures one sync of a Service with 1,000
// Pods after one of them changed readiness: the whole desired set is
// computed and one slice is updated through the API.
func BenchmarkReconcile1000Pods(b *testing.B) {
	h := setup1000(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		h.setStatus("web-0500", "10.244.3.102", i%2 == 1)
		h.settle()
		b.StartTimer()
		if err := h.c.syncService("demo/web"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReconcile1000PodsUnchanged measures a sync that finds nothing
// to write.
func BenchmarkReconcile1000PodsUnchanged(b *testing.B) {
	h := setup1000(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := h.c.syncService("demo/web"); err != nil {
			b.Fatal(err)
		}
	}
}
