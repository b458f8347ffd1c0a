package apiserver

import (
	"syscall"
	"testing"
)

// cpuNanos returns the process's user and system CPU time. Benchmarks
// report it per operation beside ns/op because the machines that run them
// are often shared: CPU time is what the work costs, whatever else runs.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// threadCPUNanos returns the calling thread's CPU time, for a part of a
// benchmark's loop: the process's would count the collector's concurrent
// work on other threads in it. The caller locks its goroutine to its
// thread.
func threadCPUNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// cpuMeter measures the CPU time of a benchmark's timed loop, less the
// parts run between pause and resume (as b.StopTimer and b.StartTimer
// leave them out of ns/op).
type cpuMeter struct {
	start  int64
	paused int64 // the CPU time when paused, or 0
	left   int64 // the CPU time spent paused
}

func startCPU() *cpuMeter { return &cpuMeter{start: cpuNanos()} }

// pause stops b's timer and the meter.
func (m *cpuMeter) pause(b *testing.B) {
	b.StopTimer()
	m.paused = cpuNanos()
}

// resume starts the meter and b's timer again.
func (m *cpuMeter) resume(b *testing.B) {
	m.left += cpuNanos() - m.paused
	b.StartTimer()
}

// report adds the cpu-ns/op metric.
func (m *cpuMeter) report(b *testing.B) {
	b.ReportMetric(float64(cpuNanos()-m.start-m.left)/float64(b.N), "cpu-ns/op")
}
