package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// ErrReasonNodeName is NodeName's rejection (plugins/nodename/node_name.go).
const ErrReasonNodeName = "node(s) didn't match the requested node name"

var statusNodeName = framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNodeName).WithPlugin(NodeName)

// NodeNamePlugin keeps a Pod that names its node (spec.nodeName) to that
// node. The scheduler only queues Pods without a node, so in practice it
// always passes; it is kept for the profile's fidelity.
type NodeNamePlugin struct{}

// Name returns "NodeName".
func (*NodeNamePlugin) Name() string { return NodeName }

// PreFilter narrows the nodes to the named one.
func (*NodeNamePlugin) PreFilter(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if p.NodeName != "" {
		return &framework.PreFilterResult{NodeNames: map[string]bool{p.NodeName: true}}, nil
	}
	return nil, nil
}

// Filter rejects every other node.
func (*NodeNamePlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if p.NodeName == "" || p.NodeName == n.Name {
		return nil
	}
	return statusNodeName
}

// EventsToRegister: a node added.
func (*NodeNamePlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add}}}
}
