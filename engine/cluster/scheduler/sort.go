package scheduler

import (
	"cmp"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// sortKeys orders keys by a time, then a name.
func sortKeys[K any](keys []K, by func(K) (sim.Time, string)) {
	slices.SortFunc(keys, func(a, b K) int {
		ta, na := by(a)
		tb, nb := by(b)
		if c := cmp.Compare(ta, tb); c != 0 {
			return c
		}
		return cmp.Compare(na, nb)
	})
}
