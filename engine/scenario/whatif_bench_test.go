package scenario

import (
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// BenchmarkRunWhatif16 runs the 16 combinations of the format's
// pod-boundaries what-if (issue goal: under 50 ms in total).
func BenchmarkRunWhatif16(b *testing.B) {
	w := parseBlock[*spec.Whatif](b, "whatif", whatifBlock)
	cfg, err := Config(fixtures(b)["two-workers"], 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := RunWhatif(w, cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWhatifBoot boots and settles one two-workers cluster: the fixed cost
// of every combination.
func BenchmarkWhatifBoot(b *testing.B) {
	cfg, err := Config(fixtures(b)["two-workers"], 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := NewSession(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
