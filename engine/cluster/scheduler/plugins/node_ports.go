package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// ErrReasonNodePorts is NodePorts' rejection (plugins/nodeports/node_ports.go).
const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports"

var statusNodePorts = framework.NewStatus(framework.Unschedulable, ErrReasonNodePorts).WithPlugin(NodePorts)

// NodePortsPlugin rejects nodes where a host port the Pod asks for is
// already bound. The rejection is Unschedulable: evicting the Pod holding
// the port would help, so preemption considers the node.
type NodePortsPlugin struct{}

// Name returns "NodePorts".
func (*NodePortsPlugin) Name() string { return NodePorts }

// PreFilter skips the Filter of a Pod without host ports.
func (*NodePortsPlugin) PreFilter(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if len(p.HostPorts) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	return nil, nil
}

// Filter rejects a node with a clashing port.
func (*NodePortsPlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if fitsPorts(p.HostPorts, n.UsedPorts) {
		return nil
	}
	return statusNodePorts
}

func fitsPorts(want []framework.HostPort, used framework.HostPortInfo) bool {
	for _, hp := range want {
		if used.CheckConflict(hp.IP, hp.Protocol, hp.Port) {
			return false
		}
	}
	return true
}

// EventsToRegister: a bound Pod deleted whose ports clashed with the Pod's;
// a node added.
func (*NodePortsPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.EventAssignedPodDelete, QueueingHintFn: portsFreed},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add}},
	}
}

func portsFreed(p *framework.PodInfo, oldObj, _ any) framework.QueueingHint {
	deleted := oldObj.(*framework.PodInfo)
	if deleted.NodeName == "" && deleted.NominatedNodeName == "" || len(deleted.HostPorts) == 0 {
		return framework.QueueSkip
	}
	inUse := framework.HostPortInfo{}
	for _, hp := range deleted.HostPorts {
		inUse.Add(hp.IP, hp.Protocol, hp.Port)
	}
	return hint(!fitsPorts(p.HostPorts, inUse))
}
