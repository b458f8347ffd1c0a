package flowcontrol

import (
	"slices"
	"testing"
)

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		name string
		// drops[i] rejections happen in second i (none if 0); want is the
		// Retry-After sent with the first rejection of each second.
		drops []int
		want  []int64
	}{
		{"a burst within one second stays at 1", []int{100}, []int64{1}},
		{"a trickle stays at 1", []int{1, 1, 1, 1}, []int64{1, 1, 1, 1}},
		{"three a second double it, once per retryAfter seconds",
			[]int{3, 3, 6, 6, 12, 12, 12, 12, 24},
			[]int64{1, 2, 2, 4, 4, 4, 4, 8, 8}},
		{"it comes down one a second once drops stop",
			[]int{3, 6, 6, 0, 0, 0, 1, 1},
			[]int64{1, 2, 2, 0, 0, 0, 1, 1}},
		{"it never passes 32",
			slices.Repeat([]int{1000}, 70), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDroppedRequests()
			const epoch = 1_767_225_600 // the model's Epoch as a Unix time
			var got []int64
			maxSeen := int64(0)
			for s, n := range tc.drops {
				if n == 0 {
					got = append(got, 0)
					continue
				}
				got = append(got, d.record(epoch+int64(s)))
				for range n - 1 {
					d.record(epoch + int64(s))
				}
				maxSeen = max(maxSeen, d.retryAfter)
			}
			if tc.want == nil {
				if maxSeen != maxRetryAfter {
					t.Errorf("largest Retry-After %d, want %d", maxSeen, maxRetryAfter)
				}
				return
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Retry-After by second = %v, want %v", got, tc.want)
			}
		})
	}
}
