package kubelet

import "github.com/loopbook/loopbook/engine/cluster/object"

// nodeCondition is one of the Node's conditions as the kubelet computes
// it, before it is rendered with its heartbeat time. Its fields are the
// strings of the rendered condition, held as the interface values the
// rendered map takes: constants, which need no allocation to box, and a
// transition time boxed once, or taken from the stored condition as it
// is (a boxed string is immutable, so sharing it is safe).
type nodeCondition struct {
	typ, status, reason, message any
	transition                   any // lastTransitionTime
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
	var nowText any = now
	oldConds := list(old["conditions"])
	for i := range cs {
		c := &cs[i]
		c.transition = nowText
		for _, o := range oldConds {
			if om, _ := o.(map[string]any); str(om["type"]) == str(c.typ) && str(om["status"]) == str(c.status) {
				c.transition = stringValue(om["lastTransitionTime"])
			}
		}
	}
	return cs
}

// stringValue is v when it holds a string, else "" (as str reads it).
func stringValue(v any) any {
	if _, ok := v.(string); ok {
		return v
	}
	return ""
}

// renderNodeConditions renders the conditions with heartbeat now.
func renderNodeConditions(cs *[4]nodeCondition, now string) []any {
	var heartbeat any = now // one box for the four
	out := make([]any, len(cs))
	for i := range cs {
		out[i] = cs[i].render(heartbeat)
	}
	return out
}

// render renders the condition with its heartbeat time.
func (c *nodeCondition) render(heartbeat any) map[string]any {
	return map[string]any{"type": c.typ, "status": c.status, "lastHeartbeatTime": heartbeat,
		"lastTransitionTime": c.transition, "reason": c.reason, "message": c.message}
}

// diff is elementDiff(old, c.render(heartbeat)). A stored condition that
// differs only in its heartbeat, as most do, gets its patch without the
// render: its type and the new heartbeat.
func (c *nodeCondition) diff(old map[string]any, heartbeat any) map[string]any {
	if len(old) == 6 && c.sameButHeartbeat(old) {
		hb, ok := old["lastHeartbeatTime"]
		switch {
		case !ok: // a sixth key stands in its place
		case object.EqualValues(hb, heartbeat):
			return nil
		default:
			return map[string]any{"type": c.typ, "lastHeartbeatTime": heartbeat}
		}
	}
	return elementDiff(old, c.render(heartbeat))
}

// sameButHeartbeat reports whether the stored condition old has the five
// fields c renders besides its heartbeat, each as c renders it. It looks
// neither at the heartbeat nor at other keys: its callers count them.
func (c *nodeCondition) sameButHeartbeat(old map[string]any) bool {
	return isString(old["type"], str(c.typ)) && isString(old["status"], str(c.status)) &&
		isString(old["lastTransitionTime"], str(c.transition)) &&
		isString(old["reason"], str(c.reason)) && isString(old["message"], str(c.message))
}

// nodeConditionsEqual is object.EqualValues(old, renderNodeConditions(cs,
// now)), rendering nothing.
func nodeConditionsEqual(old any, cs *[4]nodeCondition, now string) bool {
	l, ok := old.([]any)
	if !ok || len(l) != len(cs) {
		return false
	}
	for i := range cs {
		c := &cs[i]
		om, _ := l[i].(map[string]any)
		if len(om) != 6 || !c.sameButHeartbeat(om) || !isString(om["lastHeartbeatTime"], now) {
			return false
		}
	}
	return true
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
		if len(om)-hasKey(om, "lastHeartbeatTime") != 5 || !c.sameButHeartbeat(om) {
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
