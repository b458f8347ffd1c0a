package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// statusFields are the fields of a Pod's status the kubelet writes.
var statusFields = [...]string{"phase", "reason", "message", "conditions", "hostIP", "hostIPs", "podIP", "podIPs",
	"startTime", "qosClass", "initContainerStatuses", "containerStatuses", "observedGeneration"}

// render writes the status as the API's JSON tree (v1.PodStatus, with
// its omitempty rules).
func (s *podStatus) render() map[string]any {
	m := map[string]any{"phase": s.phase, "qosClass": s.qosClass}
	if s.reason != "" {
		m["reason"] = s.reason
	}
	if s.message != "" {
		m["message"] = s.message
	}
	if len(s.conditions) > 0 {
		cs := make([]any, len(s.conditions))
		for i := range s.conditions {
			cs[i] = s.conditions[i].render()
		}
		m["conditions"] = cs
	}
	if s.hostIP != "" {
		m["hostIP"] = s.hostIP
		m["hostIPs"] = []any{map[string]any{"ip": s.hostIP}}
	}
	if s.podIP != "" {
		m["podIP"] = s.podIP
		m["podIPs"] = []any{map[string]any{"ip": s.podIP}}
	}
	if s.hasStartTime {
		m["startTime"] = s.startTime.RFC3339()
	}
	if s.observedGeneration != 0 {
		m["observedGeneration"] = s.observedGeneration
	}
	if len(s.initStatuses) > 0 {
		m["initContainerStatuses"] = renderStatuses(s.initStatuses)
	}
	if len(s.statuses) > 0 {
		m["containerStatuses"] = renderStatuses(s.statuses)
	}
	return m
}

func (c *condition) render() map[string]any {
	m := map[string]any{"type": c.typ, "status": c.status, "lastTransitionTime": c.lastTransition.RFC3339()}
	if c.observedGeneration != 0 {
		m["observedGeneration"] = c.observedGeneration
	}
	if c.reason != "" {
		m["reason"] = c.reason
	}
	if c.message != "" {
		m["message"] = c.message
	}
	return m
}

func renderStatuses(list []containerStatus) []any {
	out := make([]any, len(list))
	for i := range list {
		c := &list[i]
		m := map[string]any{
			"name": c.name, "image": c.image, "imageID": c.imageID, "ready": c.ready,
			"restartCount": int64(c.restartCount), "started": c.started,
			"state": c.state.render(), "lastState": c.lastState.render(),
		}
		if c.containerID != "" {
			m["containerID"] = c.containerID
		}
		if len(c.volumeMounts) > 0 {
			vms := make([]any, len(c.volumeMounts))
			for j, vm := range c.volumeMounts {
				v := map[string]any{"name": vm.name, "mountPath": vm.mountPath}
				if vm.readOnly {
					// RecursiveReadOnlyMounts (GA): a read-only mount reports
					// its recursive mode, Disabled unless asked for.
					v["readOnly"], v["recursiveReadOnly"] = true, "Disabled"
				}
				vms[j] = v
			}
			m["volumeMounts"] = vms
		}
		if c.resources != nil {
			m["resources"] = object.DeepCopyValue(c.resources)
		}
		if c.allocated != nil {
			m["allocatedResources"] = object.DeepCopyValue(c.allocated)
		}
		out[i] = m
	}
	return out
}

func (s *containerState) render() map[string]any {
	switch s.kind {
	case stateWaiting:
		w := map[string]any{}
		if s.reason != "" {
			w["reason"] = s.reason
		}
		if s.message != "" {
			w["message"] = s.message
		}
		return map[string]any{"waiting": w}
	case stateRunning:
		return map[string]any{"running": map[string]any{"startedAt": s.startedAt.RFC3339()}}
	case stateTerminated:
		t := map[string]any{"exitCode": int64(s.exitCode)}
		if s.reason != "" {
			t["reason"] = s.reason
		}
		if s.message != "" {
			t["message"] = s.message
		}
		// Zero times print as null in the API; the model leaves them out.
		if s.startedAt != 0 || s.containerID != "" {
			t["startedAt"] = s.startedAt.RFC3339()
			t["finishedAt"] = s.finishedAt.RFC3339()
		}
		if s.containerID != "" {
			t["containerID"] = s.containerID
		}
		return map[string]any{"terminated": t}
	}
	return map[string]any{}
}

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
