// Package stats holds the summary figures loopbook's measuring commands
// (cmd/bench, cmd/medians) quote of repeated runs.
package stats

import "slices"

// Median returns the middle value of xs, or the mean of the two middle
// ones when there is an even number (for integers, rounded towards zero);
// xs is left as it is and must not be empty.
func Median[T ~int64 | ~float64](xs []T) T {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
