// Package gctunetest runs a benchmark under the collector paces that
// matter to loopbook: Go's default, and the one the loopbook command sets.
package gctunetest

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/loopbook/loopbook/internal/gctune"
)

// Paces runs bench as two sub-benchmarks: gogc=100, Go's default
// collector pace, as a program embedding the engine runs it; and
// gogc=loopbook, the pace the loopbook command sets (gctune.Pace with
// Percent, Floor and Ceiling), as a build runs it. A GOGC or GOMEMLIMIT in the
// environment is set aside for the sub-benchmarks.
func Paces(b *testing.B, bench func(b *testing.B)) {
	b.Run("gogc=100", func(b *testing.B) {
		defer debug.SetGCPercent(debug.SetGCPercent(100))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
		runtime.GC()
		bench(b)
	})
	b.Run("gogc=loopbook", func(b *testing.B) {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
		runtime.GC()
		defer gctune.Pace(gctune.Percent, gctune.Floor, gctune.Ceiling)()
		bench(b)
	})
}
