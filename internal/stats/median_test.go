package stats

import (
	"slices"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{4900, 4804, 5172, 4910, 4960, 4968, 4901}, 4910},
	} {
		in := slices.Clone(c.in)
		if got := Median(in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("Median reordered its argument: %v, was %v", in, c.in)
		}
	}
}

// TestMedianDurations: durations (cmd/bench's wall and CPU times) take the
// integer mean of the two middle ones.
func TestMedianDurations(t *testing.T) {
	if got := Median([]time.Duration{4, 1, 2, 7}); got != 3 {
		t.Errorf("Median of 1, 2, 4, 7 ns = %v, want 3ns", got)
	}
}
