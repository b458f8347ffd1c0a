package kubelet

import "github.com/loopbook/loopbook/engine/cluster/object"

// nodeRenders are the parts of Pod statuses that render alike for every
// Pod of a node, shared by the Pods' render caches: the conditions'
// $setElementOrder lists, one for each sequence of condition types, and
// the host IP. Like the rest of a render cache, what it hands out is
// never modified.
type nodeRenders struct {
	orders []typeOrder
	hostIP ipRender
	// transition is the text of the last condition transition time
	// rendered: the node's Pods mostly change at the same instants.
	transition object.TimeBox
}

// typeOrder is the $setElementOrder of conditions of the given types, in
// order: one {type: T} for each.
type typeOrder struct {
	types []string
	list  []any
}

// order returns the $setElementOrder of the conditions cs, rendering it
// the first time the node's Pods have conditions of these types.
func (n *nodeRenders) order(cs []condition) typeOrder {
	for _, o := range n.orders {
		if sameTypes(o.types, cs) {
			return o
		}
	}
	o := typeOrder{types: make([]string, len(cs)), list: make([]any, len(cs))}
	for i := range cs {
		o.types[i] = cs[i].typ
		o.list[i] = map[string]any{"type": cs[i].typ}
	}
	n.orders = append(n.orders, o)
	return o
}

// sameTypes reports whether the conditions cs have the types, in order.
func sameTypes(types []string, cs []condition) bool {
	if len(types) != len(cs) {
		return false
	}
	for i := range cs {
		if types[i] != cs[i].typ {
			return false
		}
	}
	return true
}
