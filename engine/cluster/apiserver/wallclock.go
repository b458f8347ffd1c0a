package apiserver

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// wholeSecond is t.Wall().Truncate(time.Second), the whole-second instant
// metav1.Time stores: worked out on the virtual clock when it starts on
// a whole second, as sim.Epoch does, without dividing the wall instant.
func wholeSecond(t sim.Time) time.Time {
	if t >= 0 && sim.Epoch.Nanosecond() == 0 {
		return (t - t%sim.Time(time.Second)).Wall()
	}
	return t.Wall().Truncate(time.Second)
}
