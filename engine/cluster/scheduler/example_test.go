package scheduler_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/scheduler"
)

// How many feasible nodes a scheduling cycle looks for before it stops
// filtering, with the default (adaptive) percentageOfNodesToScore.
func ExampleNumFeasibleNodesToFind() {
	for _, nodes := range []int32{3, 100, 500, 1000, 5000, 10000} {
		fmt.Println(nodes, scheduler.NumFeasibleNodesToFind(0, nodes))
	}
	// Output:
	// 3 3
	// 100 100
	// 500 230
	// 1000 420
	// 5000 500
	// 10000 500
}
