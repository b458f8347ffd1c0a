package plugins

import (
	"math"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// BalancedAllocationPlugin is NodeResourcesBalancedAllocation: it favours
// nodes whose CPU and memory fractions stay close to each other once the
// Pod is placed (plugins/noderesources/balanced_allocation.go, v1.37).
type BalancedAllocationPlugin struct{}

// Name returns "NodeResourcesBalancedAllocation".
func (*BalancedAllocationPlugin) Name() string { return NodeResourcesBalancedAllocation }

// PreScore skips a best-effort Pod (no CPU and no memory requested; this
// plugin counts actual requests, without the non-zero defaults).
func (*BalancedAllocationPlugin) PreScore(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) *framework.Status {
	if p.Requests.MilliCPU == 0 && p.Requests.Memory == 0 {
		return framework.NewStatus(framework.Skip)
	}
	return nil
}

// Score is balancedResourceScorer: 50 + (50 + with − without) / 2, where
// with and without are (1 − std) × 100 of the CPU and memory fractions
// requested on the node with and without the Pod (std of two fractions is
// half their difference; fractions are capped at 1).
func (*BalancedAllocationPlugin) Score(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	alloc := [2]int64{n.Allocatable.MilliCPU, n.Allocatable.Memory}
	without := [2]int64{n.Requested.MilliCPU, n.Requested.Memory}
	with := [2]int64{without[0] + p.Requests.MilliCPU, without[1] + p.Requests.Memory}
	withPod := balancedResourceScore(with, alloc)
	withoutPod := balancedResourceScore(without, alloc)
	return framework.MaxNodeScore/2 + (framework.MaxNodeScore/2+withPod-withoutPod)/2, nil
}

func balancedResourceScore(requested, allocatable [2]int64) int64 {
	var fractions [2]float64
	k := 0
	for i := range requested {
		if allocatable[i] == 0 {
			continue
		}
		f := float64(requested[i]) / float64(allocatable[i])
		fractions[k] = min(f, 1)
		k++
	}
	std := 0.0
	if k == 2 {
		std = math.Abs((fractions[0] - fractions[1]) / 2)
	}
	return int64((1 - std) * float64(framework.MaxNodeScore))
}
