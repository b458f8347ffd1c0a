package cluster_test

import (
	"flag"
	"os"
	goruntime "runtime"
	"runtime/pprof"
	"testing"
)

// heapProfile names a file to which TestScaleHeap writes the live heap,
// after a forced collection, at the end of a scale run.
var heapProfile = flag.String("heapprofile", "", "write the live heap at the end of a scale run to this file")

// heapPods is how many Pods TestScaleHeap runs to.
var heapPods = flag.Int("heappods", 10000, "Pods of the TestScaleHeap run")

// TestScaleHeap runs 1,000 nodes to -heappods ready Pods and writes the
// heap still live after a forced collection to -heapprofile, to see what
// the model keeps.
func TestScaleHeap(t *testing.T) {
	if *heapProfile == "" {
		t.Skip("pass -heapprofile FILE to write the live heap of a scale run")
	}
	c, ok := runScale(t, 1000, *heapPods)
	if !ok {
		t.Fatalf("not all Pods ready at %s", c.Now())
	}
	goruntime.GC()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	st := c.Store()
	t.Logf("virtual %s; trace %d events; store rev %d compacted %d history %d live %d", c.Now(), c.Trace().Len(), st.Rev(), st.CompactRevision(), st.History(), st.Len())
	t.Logf("live heap after GC: %.1f MiB; peak RSS %.0f MiB", float64(ms.HeapAlloc)/(1<<20), peakRSS())
	f, err := os.Create(*heapProfile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
	goruntime.KeepAlive(c)
}
