package book

import (
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

func TestRunRankStartsFailuresThenWhatifs(t *testing.T) {
	tests := []struct {
		block spec.Block
		want  int
	}{
		{&spec.Failures{}, 0},
		{&spec.Whatif{}, 1},
		{&spec.Scenario{}, 2},
		{&spec.Gates{}, 2},
	}
	for _, tt := range tests {
		if got := runRank(&entry{parsed: tt.block}); got != tt.want {
			t.Errorf("runRank(%T) = %d, want %d", tt.block, got, tt.want)
		}
	}
}
