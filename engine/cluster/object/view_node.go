package object

// NodeView is what the scheduler and the node lifecycle controller read of
// a Node.
type NodeView struct {
	Name          string
	Labels        map[string]string
	Unschedulable bool
	Taints        []Taint
	PodCIDR       string
	Capacity      Resources
	Allocatable   Resources
	Conditions    []Condition
	Addresses     []NodeAddress
	// KubeletVersion is status.nodeInfo.kubeletVersion.
	KubeletVersion string
}

// NodeAddress is one of status.addresses.
type NodeAddress struct{ Type, Address string }

// ViewNode decodes a Node's view.
func ViewNode(o *Object) NodeView {
	spec, status := o.Spec(), o.Status()
	v := NodeView{
		Name: o.Meta.Name, Labels: o.Meta.Labels,
		PodCIDR:        stringAt(spec, "podCIDR"),
		Capacity:       ResourcesFrom(status["capacity"]),
		Allocatable:    ResourcesFrom(status["allocatable"]),
		Conditions:     conditionsFrom(listAt(status, "conditions")),
		KubeletVersion: stringAt(status, "nodeInfo", "kubeletVersion"),
	}
	v.Unschedulable, _ = spec["unschedulable"].(bool)
	for _, t := range listAt(spec, "taints") {
		if tm, ok := t.(map[string]any); ok {
			v.Taints = append(v.Taints, Taint{Key: stringAt(tm, "key"), Value: stringAt(tm, "value"), Effect: stringAt(tm, "effect"), TimeAdded: TimeAt(tm, "timeAdded")})
		}
	}
	for _, a := range listAt(status, "addresses") {
		if am, ok := a.(map[string]any); ok {
			v.Addresses = append(v.Addresses, NodeAddress{Type: stringAt(am, "type"), Address: stringAt(am, "address")})
		}
	}
	return v
}

// Condition returns the Node condition of type t.
func (n *NodeView) Condition(t string) (Condition, bool) { return FindCondition(n.Conditions, t) }

// Ready returns the Ready condition's status: "True", "False", "Unknown",
// or "" when the kubelet has not reported it.
func (n *NodeView) Ready() string {
	c, _ := n.Condition("Ready")
	return c.Status
}

// InternalIP returns the first InternalIP address.
func (n *NodeView) InternalIP() string {
	for _, a := range n.Addresses {
		if a.Type == "InternalIP" {
			return a.Address
		}
	}
	return ""
}
