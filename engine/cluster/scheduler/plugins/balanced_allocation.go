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
	cpu, mem := n.Allocatable.MilliCPU, n.Allocatable.Memory
	without := balancedResourceScore(n.Requested.MilliCPU, cpu, n.Requested.Memory, mem)
	with := balancedResourceScore(n.Requested.MilliCPU+p.Requests.MilliCPU, cpu, n.Requested.Memory+p.Requests.Memory, mem)
	return framework.MaxNodeScore/2 + (framework.MaxNodeScore/2+with-without)/2, nil
}

// balancedResourceScore is (1 − std) × 100 of the requested fractions of
// the resources the node reports (each capped at 1); with fewer than two
// fractions std is 0.
func balancedResourceScore(cpuReq, cpuAlloc, memReq, memAlloc int64) int64 {
	if cpuAlloc == 0 || memAlloc == 0 {
		return framework.MaxNodeScore
	}
	f1 := min(float64(cpuReq)/float64(cpuAlloc), 1)
	f2 := min(float64(memReq)/float64(memAlloc), 1)
	std := math.Abs((f1 - f2) / 2)
	return int64((1 - std) * float64(framework.MaxNodeScore))
}
