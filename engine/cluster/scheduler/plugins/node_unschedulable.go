package plugins

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// ErrReasonUnschedulable is NodeUnschedulable's rejection
// (plugins/nodeunschedulable/node_unschedulable.go).
const ErrReasonUnschedulable = "node(s) were unschedulable"

// TaintNodeUnschedulable is the taint a cordoned node is treated as having
// (v1.TaintNodeUnschedulable); a Pod tolerating it may land there.
var TaintNodeUnschedulable = object.Taint{Key: "node.kubernetes.io/unschedulable", Effect: "NoSchedule"}

var statusUnschedulableNode = framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnschedulable).WithPlugin(NodeUnschedulable)

// NodeUnschedulablePlugin rejects cordoned nodes (spec.unschedulable) for
// Pods that do not tolerate node.kubernetes.io/unschedulable:NoSchedule.
type NodeUnschedulablePlugin struct{}

// Name returns "NodeUnschedulable".
func (*NodeUnschedulablePlugin) Name() string { return NodeUnschedulable }

// Filter rejects a cordoned node.
func (*NodeUnschedulablePlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if !n.Unschedulable || tolerates(p.Tolerations, TaintNodeUnschedulable) {
		return nil
	}
	return statusUnschedulableNode
}

// EventsToRegister: a node added or uncordoned (Kubernetes reports
// spec.unschedulable turning off as UpdateNodeTaint), and the Pod gaining
// a toleration.
func (*NodeUnschedulablePlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeTaint}, QueueingHintFn: nodeBecameSchedulable},
		{Event: framework.ClusterEvent{Resource: framework.TargetPod, ActionType: framework.UpdatePodToleration}, QueueingHintFn: podToleratesUnschedulable},
	}
}

// nodeBecameSchedulable: a new node that is not cordoned, or a node
// uncordoned.
func nodeBecameSchedulable(_ *framework.PodInfo, oldObj, newObj any) framework.QueueingHint {
	n := object.ViewNode(newObj.(*object.Object))
	if oldObj == nil {
		return hint(!n.Unschedulable)
	}
	o := object.ViewNode(oldObj.(*object.Object))
	return hint(o.Unschedulable && !n.Unschedulable)
}

func podToleratesUnschedulable(p *framework.PodInfo, _, _ any) framework.QueueingHint {
	return hint(tolerates(p.Tolerations, TaintNodeUnschedulable))
}

func tolerates(tols []object.Toleration, t object.Taint) bool {
	for _, tol := range tols {
		if tol.ToleratesTaint(t) {
			return true
		}
	}
	return false
}

func hint(queue bool) framework.QueueingHint {
	if queue {
		return framework.Queue
	}
	return framework.QueueSkip
}
