// Package gctune sets the pace of the garbage collector for the loopbook
// command.
//
// A build runs many small clusters one after another: each allocates a
// few megabytes and drops them, while little stays live in between. Go's
// collector starts a cycle whenever the heap has grown by GOGC percent
// over what the last cycle left live, so with a small live heap it runs
// every scenario or two. The pace set here is the one of GOGC=Percent
// with a floor: no cycle before the heap reaches Floor, then cycles as
// GOGC=Percent spaces them once the live heap is large enough that
// Percent's goal is above the floor. On the course's scenarios run one
// after another (BenchmarkCourseScenarios, c0* and api-*, twelve paired
// runs) the floor took a median 11% off the time at GOGC=400 alone.
package gctune

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Percent is the collector's target percentage (GOGC) the loopbook command
// runs with once the live heap is above a fifth of Floor. Measured on the
// repository's course (`loopbook build`): user CPU 2.9–3.1 s at GOGC=100
// against 2.2–2.5 s at 400, peak RSS 360 MB against 480–530 MB.
const Percent = 400

// Floor is the heap goal below which the command does not collect: the
// heap may grow to this size before a cycle, however little of it is
// live. On the lesson benchmark (BenchmarkLessonScenario/gogc=loopbook)
// 256 MiB was slower again, the heap's new memory costing more than the
// cycles saved, and 32 or 64 MiB no faster.
const Floor = 128 << 20

// Apply sets the collector's pace to Pace(Percent, Floor), unless the
// GOGC environment variable is set: the user's choice stands. It returns
// Pace's stop, or a function doing nothing.
func Apply() (stop func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	return Pace(Percent, Floor)
}

// Pace makes the heap goal the larger of floor and what the live heap
// grows to at GOGC=percent: after every cycle it sets the target
// percentage (runtime/debug.SetGCPercent) to whichever of percent and the
// percentage that puts the goal at floor is larger. It returns a function
// that stops pacing and puts the previous percentage back.
func Pace(percent int, floor int64) (stop func()) {
	p := &pacer{percent: int64(percent), floor: floor}
	// Before the first cycle the runtime's goal is its minimum heap,
	// 4 MiB scaled by the percentage (runtime/mgcpacer.go, heapMinimum).
	old := debug.SetGCPercent(p.percentFor(minimumHeap))
	p.arm()
	return func() {
		p.stopped.Store(true)
		debug.SetGCPercent(old)
	}
}

// minimumHeap is the heap the runtime's goal is computed from before the
// first cycle, at GOGC=100 (runtime/mgcpacer.go, defaultHeapMinimum).
const minimumHeap = 4 << 20

// pacer sets the percentage after every collection.
type pacer struct {
	percent, floor int64
	stopped        atomic.Bool
}

// sentinel is an object dropped as soon as it is made, whose cleanup
// runs after the collection that finds it unreachable. It holds a
// pointer, so the allocator does not pack it with others (tiny objects
// may never be reclaimed alone).
type sentinel struct{ _ *pacer }

// arm drops a sentinel whose cleanup sets the percentage for the heap
// the collection left live, and arms the next.
func (p *pacer) arm() {
	runtime.AddCleanup(&sentinel{}, func(p *pacer) {
		if p.stopped.Load() {
			return
		}
		debug.SetGCPercent(p.percentFor(liveHeap()))
		p.arm()
	}, p)
}

// percentFor is the percentage for a live heap of live bytes: percent,
// or more to keep the goal at floor.
func (p *pacer) percentFor(live int64) int {
	pct := p.percent
	if live > 0 && live < p.floor {
		pct = max(pct, (p.floor-live)*100/live)
	}
	return int(min(pct, math.MaxInt32))
}

// liveHeap is the heap the last collection left live, in bytes.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
