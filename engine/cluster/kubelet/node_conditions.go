package kubelet

// nodeCondition is one of the Node's conditions as the kubelet computes
// it, before it is rendered with its heartbeat time.
type nodeCondition struct {
	typ, status, reason, message string
	transition                   string // lastTransitionTime
}

// nodeConditions are the Node's conditions MemoryPressure, DiskPressure,
// PIDPressure and Ready (nodestatus.MemoryPressureCondition,
// DiskPressureCondition, PIDPressureCondition and ReadyCondition,
// pkg/kubelet/nodestatus/setters.go). Each keeps the transition time of
// the stored condition of its type and status, in old, or takes now.
func nodeConditions(old map[string]any, now string) [4]nodeCondition {
	cs := [4]nodeCondition{
		{typ: "MemoryPressure", status: "False", reason: "KubeletHasSufficientMemory", message: "kubelet has sufficient memory available"},
		{typ: "DiskPressure", status: "False", reason: "KubeletHasNoDiskPressure", message: "kubelet has no disk pressure"},
		{typ: "PIDPressure", status: "False", reason: "KubeletHasSufficientPID", message: "kubelet has sufficient PID available"},
		{typ: "Ready", status: "True", reason: "KubeletReady", message: "kubelet is posting ready status"},
	}
	oldConds := list(old["conditions"])
	for i := range cs {
		c := &cs[i]
		c.transition = now
		for _, o := range oldConds {
			if om, _ := o.(map[string]any); str(om["type"]) == c.typ && str(om["status"]) == c.status {
				c.transition = str(om["lastTransitionTime"])
			}
		}
	}
	return cs
}

// renderNodeConditions renders the conditions with heartbeat now.
func renderNodeConditions(cs *[4]nodeCondition, now string) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = map[string]any{"type": c.typ, "status": c.status, "lastHeartbeatTime": now,
			"lastTransitionTime": c.transition, "reason": c.reason, "message": c.message}
	}
	return out
}

// nodeConditionsChanged reports whether the stored conditions old differ
// from cs in anything but their heartbeat times, as the rendered
// conditions would.
func nodeConditionsChanged(old []any, cs *[4]nodeCondition) bool {
	if len(old) != len(cs) {
		return true
	}
	for i, c := range cs {
		om, _ := old[i].(map[string]any)
		if len(om)-hasKey(om, "lastHeartbeatTime") != 5 ||
			!isString(om["type"], c.typ) || !isString(om["status"], c.status) ||
			!isString(om["lastTransitionTime"], c.transition) ||
			!isString(om["reason"], c.reason) || !isString(om["message"], c.message) {
			return true
		}
	}
	return false
}

// isString reports whether v is the string s.
func isString(v any, s string) bool {
	x, ok := v.(string)
	return ok && x == s
}
