package plugins

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// NodeResourcesFit's reasons (plugins/noderesources/fit.go, fitsRequest).
const (
	ReasonTooManyPods = "Too many pods"
	reasonInsufficent = "Insufficient "
)

// InsufficientResource is one resource a node lacks for a Pod.
type InsufficientResource struct {
	Name      string
	Reason    string
	Requested int64
	Used      int64
	Capacity  int64
	// Unresolvable: the Pod asks for more than the node has at all, so
	// evicting Pods would not help.
	Unresolvable bool
}

// FitPlugin is NodeResourcesFit: it rejects nodes without room for the
// Pod's requests and, with its default LeastAllocated strategy on CPU and
// memory (weight 1 each, SetDefaults_NodeResourcesFitArgs), scores nodes
// by how much would stay free.
type FitPlugin struct{}

// Name returns "NodeResourcesFit".
func (*FitPlugin) Name() string { return NodeResourcesFit }

// PreFilter has nothing to compute: the Pod's requests are in its PodInfo.
func (*FitPlugin) PreFilter(*framework.CycleState, *framework.PodInfo, []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	return nil, nil
}

// Filter rejects a node without room, with every reason at once
// ("Too many pods", "Insufficient cpu", …): Unschedulable, or
// UnschedulableAndUnresolvable when a request exceeds the node's
// allocatable outright.
func (*FitPlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	ins := Fits(p, n)
	if len(ins) == 0 {
		return nil
	}
	reasons := make([]string, len(ins))
	code := framework.Unschedulable
	for i, r := range ins {
		reasons[i] = r.Reason
		if r.Unresolvable {
			code = framework.UnschedulableAndUnresolvable
		}
	}
	return framework.NewStatus(code, reasons...).WithPlugin(NodeResourcesFit)
}

// Fits returns what node n lacks for p, in Kubernetes' order: Pod count,
// cpu, memory, ephemeral-storage, then other resources (sorted by name;
// Kubernetes walks a map).
func Fits(p *framework.PodInfo, n *framework.NodeInfo) []InsufficientResource {
	var out []InsufficientResource
	if int64(len(n.Pods))+1 > n.Allocatable.AllowedPodNumber {
		out = append(out, InsufficientResource{Name: "pods", Reason: ReasonTooManyPods, Requested: 1,
			Used: int64(len(n.Pods)), Capacity: n.Allocatable.AllowedPodNumber})
	}
	r := &p.Requests
	if r.IsZero() {
		return out
	}
	check := func(name string, req, used, alloc int64) {
		if req > 0 && req > alloc-used {
			out = append(out, InsufficientResource{Name: name, Reason: reasonInsufficent + name,
				Requested: req, Used: used, Capacity: alloc, Unresolvable: req > alloc})
		}
	}
	check("cpu", r.MilliCPU, n.Requested.MilliCPU, n.Allocatable.MilliCPU)
	check("memory", r.Memory, n.Requested.Memory, n.Allocatable.Memory)
	check("ephemeral-storage", r.EphemeralStorage, n.Requested.EphemeralStorage, n.Allocatable.EphemeralStorage)
	if len(r.ScalarResources) > 0 {
		for _, name := range r.ScalarNames() {
			check(name, r.ScalarResources[name], n.Requested.ScalarResources[name], n.Allocatable.ScalarResources[name])
		}
	}
	return out
}

// Score is LeastAllocated (plugins/noderesources/least_allocated.go): for
// CPU and memory, (allocatable − requested) × 100 / allocatable, where
// requested counts the node's Pods and this one with the non-zero defaults;
// the weighted mean of the two. A resource the node does not report is left
// out.
func (*FitPlugin) Score(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	var score, weights int64
	add := func(requested, allocatable int64) {
		if allocatable == 0 {
			return
		}
		score += leastRequestedScore(requested, allocatable)
		weights++
	}
	add(n.NonZeroRequested.MilliCPU+p.NonZeroRequests.MilliCPU, n.Allocatable.MilliCPU)
	add(n.NonZeroRequested.Memory+p.NonZeroRequests.Memory, n.Allocatable.Memory)
	if weights == 0 {
		return 0, nil
	}
	return score / weights, nil
}

func leastRequestedScore(requested, capacity int64) int64 {
	if capacity == 0 || requested > capacity {
		return 0
	}
	return (capacity - requested) * framework.MaxNodeScore / capacity
}

// EventsToRegister: a bound Pod deleted; a node added or its allocatable
// changed, when the Pod would fit it and (for an update) some resource the
// Pod asks for grew.
func (*FitPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.EventAssignedPodDelete, QueueingHintFn: assignedPodDeleted},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeAllocatable}, QueueingHintFn: nodeNowFits},
	}
}

func assignedPodDeleted(_ *framework.PodInfo, oldObj, _ any) framework.QueueingHint {
	d := oldObj.(*framework.PodInfo)
	return hint(d.NodeName != "" || d.NominatedNodeName != "")
}

func nodeNowFits(p *framework.PodInfo, oldObj, newObj any) framework.QueueingHint {
	n := &framework.NodeInfo{}
	n.SetNode(newObj.(*object.Object))
	if len(Fits(p, n)) != 0 {
		return framework.QueueSkip
	}
	if oldObj == nil {
		return framework.Queue
	}
	o := &framework.NodeInfo{}
	o.SetNode(oldObj.(*object.Object))
	a, b, r := &o.Allocatable, &n.Allocatable, &p.Requests
	grew := b.AllowedPodNumber > a.AllowedPodNumber ||
		r.MilliCPU > 0 && b.MilliCPU > a.MilliCPU ||
		r.Memory > 0 && b.Memory > a.Memory ||
		r.EphemeralStorage > 0 && b.EphemeralStorage > a.EphemeralStorage
	for name, q := range r.ScalarResources {
		if q > 0 && b.ScalarResources[name] > a.ScalarResources[name] {
			grew = true
		}
	}
	return hint(grew)
}
