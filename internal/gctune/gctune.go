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
//
// A large run (a cluster of a thousand nodes and tens of thousands of
// Pods keeps gigabytes live) would grow to five times its live heap at
// Percent, so the pace also has a ceiling: a memory limit
// (runtime/debug.SetMemoryLimit) at Ceiling, raised to leave MinPercent of
// room over the live heap when that is past it, so a live heap near or
// past the ceiling does not make the collector run back to back.
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

// Ceiling is the memory the command keeps the runtime under, while the
// live heap leaves room for MinPercent of growth: 1,800 MiB, below the
// 2 GB a 1,000-node, 30,000-Pod run is allowed (BenchmarkScale), with room
// for what the process holds outside the heap. On that run, which ends
// with about 1.2 GB live, the pace at this ceiling peaked at 1,743 MiB
// resident against 2,059 MiB at the 1,536 MiB ceiling with twice the
// live heap's room, for about a quarter more user CPU (82 s against 67 s,
// single runs on a busy machine).
const Ceiling = 1800 << 20

// MinPercent is the least growth over the live heap the ceiling leaves,
// so that a live heap near or past the ceiling does not make the
// collector run back to back. At 50 a live heap up to 1,200 MiB stays
// under Ceiling. When the 30,000-Pod run kept about 2 GB live, 50 took
// about a third more user CPU than Go's default pace and 25 about twice
// as much (single runs on a busy machine).
const MinPercent = 50

// Apply sets the collector's pace to Pace(Percent, Floor, Ceiling), unless the
// GOGC environment variable is set: the user's choice stands. A limit set
// in GOMEMLIMIT stands too: the pace then has no ceiling. It returns
// Pace's stop, or a function doing nothing.
func Apply() (stop func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	ceiling := int64(Ceiling)
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		ceiling = 0
	}
	return Pace(Percent, Floor, ceiling)
}

// Pace makes the heap goal the larger of floor and what the live heap
// grows to at GOGC=percent, and keeps the runtime's memory under ceiling
// while the live heap leaves MinPercent of room below it (a ceiling of 0
// is none): after every cycle it sets the target percentage
// (runtime/debug.SetGCPercent) and the memory limit
// (runtime/debug.SetMemoryLimit) from the heap the cycle left live (see
// percentFor and limitFor). It returns a function that stops pacing and puts the previous percentage
// and limit back.
func Pace(percent int, floor, ceiling int64) (stop func()) {
	p := &pacer{percent: int64(percent), floor: floor, ceiling: ceiling}
	// Before the first cycle the runtime's goal is its minimum heap,
	// 4 MiB scaled by the percentage (runtime/mgcpacer.go, heapMinimum).
	old := debug.SetGCPercent(p.percentFor(minimumHeap))
	oldLimit := int64(-1) // SetMemoryLimit's "leave it as it is"
	if ceiling > 0 {
		oldLimit = debug.SetMemoryLimit(p.limitFor(0))
	}
	p.arm()
	return func() {
		p.stopped.Store(true)
		debug.SetGCPercent(old)
		debug.SetMemoryLimit(oldLimit)
	}
}

// minimumHeap is the heap the runtime's goal is computed from before the
// first cycle, at GOGC=100 (runtime/mgcpacer.go, defaultHeapMinimum).
const minimumHeap = 4 << 20

// pacer sets the percentage after every collection.
type pacer struct {
	percent, floor, ceiling int64
	stopped                 atomic.Bool
}

// sentinel is an object dropped as soon as it is made, whose cleanup
// runs after the collection that finds it unreachable. It holds a
// pointer, so the allocator does not pack it with others (tiny objects
// may never be reclaimed alone).
type sentinel struct{ _ *pacer }

// arm drops a sentinel whose cleanup sets the percentage and the limit
// for the heap the collection left live, and arms the next.
func (p *pacer) arm() {
	runtime.AddCleanup(&sentinel{}, func(p *pacer) {
		if p.stopped.Load() {
			return
		}
		live := liveHeap()
		debug.SetGCPercent(p.percentFor(live))
		if p.ceiling > 0 {
			debug.SetMemoryLimit(p.limitFor(live))
		}
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

// limitFor is the memory limit for a live heap of live bytes: the
// ceiling, or room for MinPercent of growth over live when that is more;
// no limit without a ceiling.
func (p *pacer) limitFor(live int64) int64 {
	if p.ceiling <= 0 {
		return math.MaxInt64
	}
	return max(p.ceiling, live/100*(100+MinPercent))
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
