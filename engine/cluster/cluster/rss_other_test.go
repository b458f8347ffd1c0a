//go:build !(linux || darwin)

package cluster_test

// peakRSS is 0 where getrusage is not available.
func peakRSS() float64 { return 0 }
