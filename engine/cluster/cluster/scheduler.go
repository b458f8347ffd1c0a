package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// schedulerName is the actor of scheduler replica i, from 0: "scheduler",
// "scheduler-2", ….
func schedulerName(i int) trace.Actor {
	if i == 0 {
		return "scheduler"
	}
	return trace.Actor(fmt.Sprintf("scheduler-%d", i+1))
}
