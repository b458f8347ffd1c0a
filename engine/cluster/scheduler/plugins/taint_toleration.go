package plugins

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// ErrReasonUntoleratedTaint is TaintToleration's rejection. Since v1.35
// (and the v1.34 and v1.33 patch releases) the message names no taint:
// "Do not log untolerated taint in pod status updates", kubernetes/kubernetes
// #134740 (plugins/tainttoleration/taint_toleration.go). Earlier releases
// wrote "node(s) had untolerated taint {key: value}".
const ErrReasonUntoleratedTaint = "node(s) had untolerated taint(s)"

var statusUntolerated = framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUntoleratedTaint).WithPlugin(TaintToleration)

// TaintTolerationPlugin rejects nodes with a NoSchedule or NoExecute taint
// the Pod does not tolerate, and scores nodes by how many PreferNoSchedule
// taints the Pod does not tolerate: fewer is better.
type TaintTolerationPlugin struct{}

// Name returns "TaintToleration".
func (*TaintTolerationPlugin) Name() string { return TaintToleration }

// Filter rejects a node with an untolerated NoSchedule or NoExecute taint
// (v1helper.FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc).
func (*TaintTolerationPlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if _, found := untoleratedTaint(n.Taints, p.Tolerations); found {
		return statusUntolerated
	}
	return nil
}

// untoleratedTaint returns the first NoSchedule or NoExecute taint no
// toleration tolerates.
func untoleratedTaint(taints []object.Taint, tols []object.Toleration) (object.Taint, bool) {
	for _, t := range taints {
		if t.Effect != "NoSchedule" && t.Effect != "NoExecute" {
			continue
		}
		if !tolerates(tols, t) {
			return t, true
		}
	}
	return object.Taint{}, false
}

// PreScore never skips: every node gets a score.
func (*TaintTolerationPlugin) PreScore(*framework.CycleState, *framework.PodInfo, []*framework.NodeInfo) *framework.Status {
	return nil
}

// Score counts the node's PreferNoSchedule taints that no toleration with
// an empty or PreferNoSchedule effect tolerates.
func (*TaintTolerationPlugin) Score(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	var count int64
	for _, t := range n.Taints {
		if t.Effect != "PreferNoSchedule" {
			continue
		}
		tolerated := false
		for _, tol := range p.Tolerations {
			if (tol.Effect == "" || tol.Effect == "PreferNoSchedule") && tol.ToleratesTaint(t) {
				tolerated = true
				break
			}
		}
		if !tolerated {
			count++
		}
	}
	return count, nil
}

// NormalizeScore reverses the counts onto 0–100: no untolerated taint is
// 100.
func (*TaintTolerationPlugin) NormalizeScore(_ *framework.CycleState, _ *framework.PodInfo, scores []framework.NodeScore) *framework.Status {
	defaultNormalizeScore(framework.MaxNodeScore, true, scores)
	return nil
}

// EventsToRegister: a node added or its taints changed, when it turns a
// node from untolerated to tolerated; the Pod gaining a toleration.
func (*TaintTolerationPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeTaint}, QueueingHintFn: taintsNowTolerated},
		{Event: framework.ClusterEvent{Resource: framework.TargetPod, ActionType: framework.UpdatePodToleration}},
	}
}

func taintsNowTolerated(p *framework.PodInfo, oldObj, newObj any) framework.QueueingHint {
	wasUntolerated := true
	if oldObj != nil {
		_, wasUntolerated = untoleratedTaint(object.ViewNode(oldObj.(*object.Object)).Taints, p.Tolerations)
	}
	_, isUntolerated := untoleratedTaint(object.ViewNode(newObj.(*object.Object)).Taints, p.Tolerations)
	return hint(wasUntolerated && !isUntolerated)
}
