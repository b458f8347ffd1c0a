package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// parseStatus reads the kubelet's part of a Pod's stored status.
func parseStatus(o *object.Object) podStatus {
	st := o.Status()
	s := podStatus{
		phase: str(st["phase"]), reason: str(st["reason"]), message: str(st["message"]),
		hostIP: str(st["hostIP"]), podIP: str(st["podIP"]), qosClass: str(st["qosClass"]),
	}
	s.observedGeneration, _ = st["observedGeneration"].(int64)
	if t, ok := parseTime(st["startTime"]); ok {
		s.startTime, s.hasStartTime = t, true
	}
	for _, c := range list(st["conditions"]) {
		cm, _ := c.(map[string]any)
		if cm == nil || !ownedByKubelet(str(cm["type"])) {
			continue
		}
		cond := condition{typ: str(cm["type"]), status: str(cm["status"]), reason: str(cm["reason"]), message: str(cm["message"])}
		cond.lastTransition, _ = parseTime(cm["lastTransitionTime"])
		cond.observedGeneration, _ = cm["observedGeneration"].(int64)
		s.conditions = append(s.conditions, cond)
	}
	s.initStatuses = parseStatuses(st["initContainerStatuses"])
	s.statuses = parseStatuses(st["containerStatuses"])
	return s
}

func parseStatuses(v any) []containerStatus {
	l := list(v)
	if len(l) == 0 {
		return nil
	}
	out := make([]containerStatus, 0, len(l))
	for _, e := range l {
		m, _ := e.(map[string]any)
		if m == nil {
			continue
		}
		c := containerStatus{name: str(m["name"]), image: str(m["image"]), imageID: str(m["imageID"]),
			containerID: str(m["containerID"])}
		c.ready, _ = m["ready"].(bool)
		c.started, _ = m["started"].(bool)
		n, _ := m["restartCount"].(int64)
		c.restartCount = int(n)
		c.state = parseState(m["state"])
		c.lastState = parseState(m["lastState"])
		for _, vm := range list(m["volumeMounts"]) {
			vmm, _ := vm.(map[string]any)
			ro, _ := vmm["readOnly"].(bool)
			c.volumeMounts = append(c.volumeMounts, volumeMountStatus{name: str(vmm["name"]), mountPath: str(vmm["mountPath"]), readOnly: ro})
		}
		c.resources, _ = m["resources"].(map[string]any)
		c.allocated, _ = m["allocatedResources"].(map[string]any)
		out = append(out, c)
	}
	return out
}

func parseState(v any) containerState {
	m, _ := v.(map[string]any)
	switch {
	case m["running"] != nil:
		r, _ := m["running"].(map[string]any)
		t, _ := parseTime(r["startedAt"])
		return containerState{kind: stateRunning, startedAt: t}
	case m["terminated"] != nil:
		t, _ := m["terminated"].(map[string]any)
		s := containerState{kind: stateTerminated, reason: str(t["reason"]), message: str(t["message"]), containerID: str(t["containerID"])}
		code, _ := t["exitCode"].(int64)
		s.exitCode = int(code)
		s.startedAt, _ = parseTime(t["startedAt"])
		s.finishedAt, _ = parseTime(t["finishedAt"])
		return s
	case m["waiting"] != nil:
		w, _ := m["waiting"].(map[string]any)
		return containerState{kind: stateWaiting, reason: str(w["reason"]), message: str(w["message"])}
	}
	return containerState{}
}

// parseTime reads an RFC 3339 timestamp as virtual time.
func parseTime(v any) (sim.Time, bool) {
	s, ok := v.(string)
	if !ok || s == "" {
		return 0, false
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return 0, false
	}
	return sim.Time(t.Sub(sim.Epoch)), true
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}
