package book

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

func TestLongestFirstStartsFailuresThenWhatifs(t *testing.T) {
	kinds := []spec.Block{&spec.Scenario{}, &spec.Whatif{}, &spec.Gates{}, &spec.Failures{}, &spec.Scenario{}, &spec.Failures{}, &spec.Whatif{}}
	todo := make([]*entry, len(kinds))
	for i, k := range kinds {
		todo[i] = &entry{parsed: k}
	}
	got := longestFirst(todo)
	want := []int{3, 5, 1, 6, 0, 2, 4}
	if !slices.Equal(got, want) {
		t.Errorf("longestFirst = %v, want %v (failures, then what-ifs, then the rest, each as written)", got, want)
	}
}
