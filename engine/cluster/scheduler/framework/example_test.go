package framework_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// A FitError counts each node's reasons and sorts the counts as strings,
// then appends what preemption said.
func ExampleFitError() {
	d := framework.Diagnosis{NodeToStatus: framework.NewNodeToStatus()}
	d.NodeToStatus.Set("worker-a", framework.NewStatus(framework.UnschedulableAndUnresolvable, "Insufficient cpu"))
	for _, n := range []string{"gpu-1", "gpu-2"} {
		d.NodeToStatus.Set(n, framework.NewStatus(framework.UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)"))
	}
	d.PostFilterMsg = "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	fmt.Println((&framework.FitError{NumAllNodes: 3, Diagnosis: d}).Error())
	// Output:
	// 0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.
}
