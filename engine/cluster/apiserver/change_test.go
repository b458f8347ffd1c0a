package apiserver

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestChangeSummaryTake: a summary is copied out with its empty lists nil
// and its lists sharing one allocation without overlapping, and the
// scratch is left empty for the next one.
func TestChangeSummaryTake(t *testing.T) {
	for n := 1; n <= 10; n++ {
		var c changeSummary
		c.add([]object.Change{{Op: object.Set, Path: ".a"}, {Op: object.Removed, Path: ".z"}})
		for i := 2; i < n; i++ {
			c.add([]object.Change{{Op: object.Changed, Path: ".c"}})
		}
		got := c.take()
		if got == nil || len(got.Set) != 1 || len(got.Removed) != 1 || len(got.Changed) != max(n-2, 0) {
			t.Fatalf("%d paths: took %+v", n, got)
		}
		if n <= 2 && got.Changed != nil {
			t.Errorf("%d paths: an empty list is %#v, not nil", n, got.Changed)
		}
		got.Set = append(got.Set, ".b")
		if got.Removed[0] != ".z" || slices.Contains(got.Changed, ".b") {
			t.Errorf("%d paths: appending to Set wrote into another list: %+v", n, got)
		}
		if len(c.Set)+len(c.Changed)+len(c.Removed) != 0 || c.take() != nil {
			t.Errorf("%d paths: the scratch is not empty after take: %+v", n, c)
		}
	}
}
