package flowcontrol

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestUndoLogRandom drives an undoLog with random pushes, truncations,
// drops and trims drawn from many seeds, against a plain slice: every
// entry still held must be the one pushed under its number.
func TestUndoLogRandom(t *testing.T) {
	for seed := range int64(20) {
		r := sim.NewRand(seed)
		var l undoLog
		var want []int32 // want[i]: the mark of entry i
		floor := 0       // entries before floor may be dropped
		mark := int32(0)
		for step := range 20000 {
			switch op := r.Intn(100); {
			case op < 70:
				o := l.push()
				if o != len(want) {
					t.Fatalf("seed %d step %d: pushed as %d, want %d", seed, step, o, len(want))
				}
				mark++
				l.at(o).qi = mark
				want = append(want, mark)
			case op < 85 && len(want) > floor:
				n := floor + r.Intn(len(want)-floor+1)
				l.truncate(n)
				want = want[:n]
			case op < 98:
				floor += r.Intn(len(want) - floor + 1)
				l.dropBefore(floor)
			default:
				if r.Intn(2) == 0 {
					l.trim()
				} else {
					l.reset()
				}
				want, floor = want[:0], 0
			}
			if l.end != len(want) {
				t.Fatalf("seed %d step %d: %d entries, want %d", seed, step, l.end, len(want))
			}
			if l.start > floor {
				t.Fatalf("seed %d step %d: entries from %d held, %d needed", seed, step, l.start, floor)
			}
			for i := floor; i < len(want); i++ {
				if got := l.at(i).qi; got != want[i] {
					t.Fatalf("seed %d step %d: entry %d is %d, want %d", seed, step, i, got, want[i])
				}
			}
		}
	}
}
