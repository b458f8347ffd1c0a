package apiserver

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestWholeSecond: wholeSecond is Wall().Truncate(time.Second), instant
// and representation alike, before and after the epoch.
func TestWholeSecond(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    sim.Time
	}{
		{"start", 0},
		{"within the first second", sim.Time(999 * time.Millisecond)},
		{"a whole second", sim.Time(5 * time.Second)},
		{"between seconds", sim.Time(90*time.Minute + 1)},
		{"a year on", sim.Time(365*24*time.Hour + 123456789)},
		{"before the epoch", sim.Time(-1500 * time.Millisecond)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := wholeSecond(tc.t), tc.t.Wall().Truncate(time.Second); got != want {
				t.Errorf("wholeSecond(%d) = %v, want %v", tc.t, got, want)
			}
		})
	}
}
