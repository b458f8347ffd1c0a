package plugins

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// SchedulingGatesPlugin holds a Pod with spec.schedulingGates out of the
// active queue until the gates are removed
// (plugins/schedulinggates/scheduling_gates.go).
type SchedulingGatesPlugin struct{}

// Name returns "SchedulingGates".
func (*SchedulingGatesPlugin) Name() string { return SchedulingGates }

// PreEnqueue rejects a gated Pod: "waiting for scheduling gates: [gate]".
func (*SchedulingGatesPlugin) PreEnqueue(p *framework.PodInfo) *framework.Status {
	if len(p.SchedulingGates) == 0 {
		return nil
	}
	return framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("waiting for scheduling gates: %v", p.SchedulingGates))
}

// EventsToRegister: the Pod's own gates being removed.
func (*SchedulingGatesPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.TargetPod, ActionType: framework.UpdatePodSchedulingGatesEliminated}},
	}
}
