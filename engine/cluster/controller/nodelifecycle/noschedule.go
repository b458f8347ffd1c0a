package nodelifecycle

// conditionTaints maps Node conditions to the NoSchedule taints they call
// for (nodeConditionToTaintKeyStatusMap).
var conditionTaints = []struct{ condition, status, key string }{
	{"Ready", condFalse, TaintNotReady},
	{"Ready", condUnknown, TaintUnreachable},
	{"MemoryPressure", condTrue, "node.kubernetes.io/memory-pressure"},
	{"DiskPressure", condTrue, "node.kubernetes.io/disk-pressure"},
	{"NetworkUnavailable", condTrue, "node.kubernetes.io/network-unavailable"},
	{"PIDPressure", condTrue, "node.kubernetes.io/pid-pressure"},
}

// conditionTaintKey reports whether key is one of the condition taints.
func conditionTaintKey(key string) bool {
	for _, ct := range conditionTaints {
		if ct.key == key {
			return true
		}
	}
	return false
}

// noScheduleTaintingPass is doNoScheduleTaintingPass, run for every Node
// add and update: the Node's NoSchedule taints for conditions (and for
// spec.unschedulable) are made to match its conditions.
func (c *Controller) noScheduleTaintingPass(name string) error {
	node, ok := c.nodes.Lister().Get("", name)
	if !ok {
		return nil
	}
	var want []taint
	for _, m := range listOf(node.Status()["conditions"]) {
		cm, _ := m.(map[string]any)
		for _, ct := range conditionTaints {
			if cm["type"] == ct.condition && cm["status"] == ct.status {
				want = append(want, taint{ct.key, NoSchedule})
			}
		}
	}
	if u, _ := node.Spec()["unschedulable"].(bool); u {
		want = append(want, taint{TaintUnschedulable, NoSchedule})
	}
	var have []taint
	for _, m := range taintsOf(node) {
		key, _ := m["key"].(string)
		if m["effect"] == NoSchedule && (key == TaintUnschedulable || conditionTaintKey(key)) {
			have = append(have, taint{key, NoSchedule})
		}
	}
	add, del := diff(want, have), diff(have, want)
	if len(add) == 0 && len(del) == 0 {
		return nil
	}
	c.swapTaints(add, del, node)
	return nil
}

// diff lists the taints of a that b lacks (taintutils.TaintSetDiff).
func diff(a, b []taint) []taint {
	var out []taint
	for _, t := range a {
		found := false
		for _, u := range b {
			if t == u {
				found = true
				break
			}
		}
		if !found {
			out = append(out, t)
		}
	}
	return out
}
