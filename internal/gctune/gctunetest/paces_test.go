package gctunetest

import (
	"runtime/debug"
	"testing"

	"github.com/loopbook/loopbook/internal/gctune"
)

// TestPaces: the benchmark runs under GOGC=100 (gogc=100) and then at a
// percentage of at least gctune.Percent (gogc=loopbook), and the
// percentage from before is put back.
func TestPaces(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(250))
	var seen []int // the percentage of each run of the benchmark, in order
	testing.Benchmark(func(b *testing.B) {
		Paces(b, func(b *testing.B) {
			p := debug.SetGCPercent(-1)
			debug.SetGCPercent(p)
			seen = append(seen, p)
			for b.Loop() {
			}
		})
	})
	if len(seen) < 2 || seen[0] != 100 || seen[len(seen)-1] < gctune.Percent {
		t.Errorf("percentages %v, want 100 first and at least %d last", seen, gctune.Percent)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i-1] >= gctune.Percent && seen[i] == 100 {
			t.Errorf("percentages %v: the default pace ran after the command's", seen)
		}
	}
	if p := debug.SetGCPercent(250); p != 250 {
		t.Errorf("after the benchmarks the percentage is %d, want 250 back", p)
	}
}
