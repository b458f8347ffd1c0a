//go:build linux || darwin

package cluster_test

import "syscall"

// peakRSS returns the process's peak resident set size in MiB, 0 when
// the system does not say (getrusage's ru_maxrss: KiB on Linux, bytes on
// Darwin).
func peakRSS() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Maxrss) / rssUnit
}
