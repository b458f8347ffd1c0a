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

// cpuMeter measures the CPU time of a benchmark's timed loop.
type cpuMeter struct{ start int64 }

func startCPU() cpuMeter { return cpuMeter{cpuNanos()} }

// report adds the cpu-ns/op metric.
func (m cpuMeter) report(b *testing.B) {
	b.ReportMetric(float64(cpuNanos()-m.start)/float64(b.N), "cpu-ns/op")
}
