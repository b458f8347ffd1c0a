package nodelifecycle

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Condition statuses.
const (
	condTrue    = "True"
	condFalse   = "False"
	condUnknown = "Unknown"
)

// nodeCond is a Node condition as the controller compares it: every field
// as stored (times as their RFC 3339 strings, which is how metav1.Time
// equality behaves at the API's one-second precision).
type nodeCond struct {
	status, reason, message, heartbeat, transition string
}

// condition returns the Node condition of type t from its status.
func condition(node *object.Object, t string) (nodeCond, bool) {
	m := conditionMap(node, t)
	if m == nil {
		return nodeCond{}, false
	}
	return condFrom(m), true
}

func conditionMap(node *object.Object, t string) map[string]any {
	for _, c := range listOf(node.Status()["conditions"]) {
		if m, ok := c.(map[string]any); ok && m["type"] == t {
			return m
		}
	}
	return nil
}

func condFrom(m map[string]any) nodeCond {
	var c nodeCond
	c.status, _ = m["status"].(string)
	c.reason, _ = m["reason"].(string)
	c.message, _ = m["message"].(string)
	c.heartbeat, _ = m["lastHeartbeatTime"].(string)
	c.transition, _ = m["lastTransitionTime"].(string)
	return c
}

// kubeletConditions are the conditions set to Unknown when the kubelet
// stops posting; NetworkUnavailable is left alone, as the control plane
// manages it (tryUpdateNodeHealth).
var kubeletConditions = [...]string{"Ready", "MemoryPressure", "DiskPressure", "PIDPressure"}

// markUnknown sets the kubelet's conditions of node (a copy) to Unknown
// as tryUpdateNodeHealth does: a condition the kubelet never posted is
// added with reason NodeStatusNeverUpdated; one it posted becomes
// NodeStatusUnknown, "Kubelet stopped posting node status.", with a new
// transition time unless it was Unknown already.
func markUnknown(node *object.Object, now sim.Time) {
	status := node.EnsureMap("status")
	conds := listOf(status["conditions"])
	ts := now.RFC3339()
	for _, t := range kubeletConditions {
		m := conditionMap(node, t)
		if m == nil {
			conds = append(conds, map[string]any{"type": t, "status": condUnknown,
				"reason": "NodeStatusNeverUpdated", "message": "Kubelet never posted node status.",
				"lastHeartbeatTime": object.FormatTime(node.Meta.CreationTimestamp), "lastTransitionTime": ts})
			status["conditions"] = conds
			continue
		}
		if m["status"] != condUnknown {
			m["status"] = condUnknown
			m["reason"] = "NodeStatusUnknown"
			m["message"] = "Kubelet stopped posting node status."
			m["lastTransitionTime"] = ts
		}
	}
}

// unknownAlready reports whether markUnknown would leave node as it is:
// every kubelet condition is posted and Unknown already. A Node that
// stopped posting long ago is judged on every pass; this spares the copy
// that would only be compared and dropped.
func unknownAlready(node *object.Object) bool {
	for _, t := range kubeletConditions {
		m := conditionMap(node, t)
		if m == nil || m["status"] != condUnknown {
			return false
		}
	}
	return true
}

// simTime converts a wall-clock timestamp of the run to virtual time.
func simTime(t time.Time) sim.Time { return sim.Time(t.Sub(sim.Epoch)) }

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}
