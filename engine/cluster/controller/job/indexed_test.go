package job

import (
	"slices"
	"testing"
)

// completedIndexes read and write as orderedIntervals does.
func TestIndexIntervals(t *testing.T) {
	for _, c := range []struct {
		in          string
		completions int
		ixs         []int
		out         string
	}{
		{"", 3, nil, ""},
		{"0-2", 3, []int{0, 1, 2}, "0-2"},
		{"1,3-5,7", 10, []int{1, 3, 4, 5, 7}, "1,3-5,7"},
		{"3-5", 4, []int{3}, "3"},
		{"x,2,0-1", 5, []int{0, 1, 2}, "0-2"},
	} {
		got := parseIndexes(c.in, c.completions)
		if !slices.Equal(got, c.ixs) || formatIndexes(got) != c.out {
			t.Errorf("%q of %d: %v %q, want %v %q", c.in, c.completions, got, formatIndexes(got), c.ixs, c.out)
		}
	}
	if got := addIndex(addIndex([]int{1, 5}, 3), 5); !slices.Equal(got, []int{1, 3, 5}) {
		t.Errorf("addIndex: %v", got)
	}
}
