package kubelet

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The fields of a Pod's status the kubelet writes, as indexes of
// statusFields and of a renderedStatus.
const (
	fieldPhase = iota
	fieldReason
	fieldMessage
	fieldConditions
	fieldHostIP
	fieldHostIPs
	fieldPodIP
	fieldPodIPs
	fieldStartTime
	fieldQOSClass
	fieldInitContainerStatuses
	fieldContainerStatuses
	fieldObservedGeneration
	numStatusFields
)

// statusFields are the names of the fields of a Pod's status the kubelet
// writes.
var statusFields = [numStatusFields]string{
	fieldPhase: "phase", fieldReason: "reason", fieldMessage: "message", fieldConditions: "conditions",
	fieldHostIP: "hostIP", fieldHostIPs: "hostIPs", fieldPodIP: "podIP", fieldPodIPs: "podIPs",
	fieldStartTime: "startTime", fieldQOSClass: "qosClass", fieldInitContainerStatuses: "initContainerStatuses",
	fieldContainerStatuses: "containerStatuses", fieldObservedGeneration: "observedGeneration",
}

// renderedStatus is a status as the API's JSON tree holds it, field by
// field (indexed as statusFields); a nil value is a field left out. An
// array rather than a map: statusPatch only reads the fields in order.
type renderedStatus [numStatusFields]any

// render writes the status as the API's JSON tree (v1.PodStatus, with
// its omitempty rules), reusing from rc what rendered the same last time.
func (s *podStatus) render(rc *renderCache) renderedStatus {
	r := renderedStatus{fieldPhase: rc.phase.Of(s.phase), fieldQOSClass: rc.qosClass.Of(s.qosClass)}
	if s.reason != "" {
		r[fieldReason] = rc.reason.Of(s.reason)
	}
	if s.message != "" {
		r[fieldMessage] = rc.message.Of(s.message)
	}
	if len(s.conditions) > 0 {
		r[fieldConditions] = rc.conditionList(s.conditions)
	}
	if s.hostIP != "" {
		r[fieldHostIP], r[fieldHostIPs] = rc.shared().hostIP.render(s.hostIP)
	}
	if s.podIP != "" {
		r[fieldPodIP], r[fieldPodIPs] = rc.podIP.render(s.podIP)
	}
	if s.hasStartTime {
		r[fieldStartTime] = rc.startTime.Of(s.startTime.Wall(), object.FormatTime)
	}
	if s.observedGeneration != 0 {
		r[fieldObservedGeneration] = s.observedGeneration
	}
	if len(s.initStatuses) > 0 {
		r[fieldInitContainerStatuses] = rc.init.render(s.initStatuses)
	}
	if len(s.statuses) > 0 {
		r[fieldContainerStatuses] = rc.normal.render(s.statuses)
	}
	return r
}

// renderFrom is render for a condition of the type prev had, whose render
// was pm: the values of the fields that did not change are taken from pm,
// boxed already.
func (c *condition) renderFrom(prev *condition, pm map[string]any, tb *object.TimeBox) map[string]any {
	m := make(map[string]any, 6)
	m["type"] = pm["type"]
	m["status"] = sameOrText(pm, "status", c.status == prev.status, c.status)
	if c.lastTransition == prev.lastTransition {
		m["lastTransitionTime"] = pm["lastTransitionTime"]
	} else {
		m["lastTransitionTime"] = transitionText(tb, c.lastTransition)
	}
	if c.observedGeneration != 0 {
		m["observedGeneration"] = c.observedGeneration
	}
	if c.reason != "" {
		m["reason"] = sameOrText(pm, "reason", c.reason == prev.reason, c.reason)
	}
	if c.message != "" {
		m["message"] = sameOr(pm, "message", c.message == prev.message, c.message)
	}
	return m
}

// sameOr is pm[key] when same, else s boxed.
func sameOr(pm map[string]any, key string, same bool, s string) any {
	if same {
		return pm[key]
	}
	return s
}

// sameOrText is sameOr for a string boxedText may have boxed already.
func sameOrText(pm map[string]any, key string, same bool, s string) any {
	if same {
		return pm[key]
	}
	return boxedText(s)
}

// boxedText is s as a value of the tree: the condition types, statuses
// and reasons and the waiting reasons the kubelet writes are boxed once
// for all, any other string each time.
func boxedText(s string) any {
	switch s {
	case "True":
		return "True"
	case "False":
		return "False"
	case condReadyToStart:
		return condReadyToStart
	case condInitialized:
		return condInitialized
	case condReady:
		return condReady
	case condContainers:
		return condContainers
	case condScheduled:
		return condScheduled
	case reasonUnknownContainerStatuses:
		return reasonUnknownContainerStatuses
	case reasonPodCompleted:
		return reasonPodCompleted
	case reasonPodFailed:
		return reasonPodFailed
	case reasonContainersNotReady:
		return reasonContainersNotReady
	case reasonContainersNotInitialized:
		return reasonContainersNotInitialized
	case reasonPodSandboxNotReady:
		return reasonPodSandboxNotReady
	case reasonContainerCreating:
		return reasonContainerCreating
	case reasonPodInitializing:
		return reasonPodInitializing
	}
	return s
}

func (c *condition) render(tb *object.TimeBox) map[string]any {
	m := map[string]any{"type": boxedText(c.typ), "status": boxedText(c.status), "lastTransitionTime": transitionText(tb, c.lastTransition)}
	if c.observedGeneration != 0 {
		m["observedGeneration"] = c.observedGeneration
	}
	if c.reason != "" {
		m["reason"] = boxedText(c.reason)
	}
	if c.message != "" {
		m["message"] = c.message
	}
	return m
}

// transitionText is t.RFC3339() boxed, through tb: the box is reused while
// the instant is the one tb formatted last.
func transitionText(tb *object.TimeBox, t sim.Time) any { return tb.Of(t.Wall(), object.FormatTime) }

// renderStatus renders one container status.
func renderStatus(c *containerStatus) map[string]any {
	m := map[string]any{
		"name": c.name, "image": c.image, "imageID": c.imageID, "ready": c.ready,
		"restartCount": int64(c.restartCount), "started": c.started,
		"state": c.state.render(), "lastState": c.lastState.render(),
	}
	if c.containerID != "" {
		m["containerID"] = c.containerID
	}
	if len(c.volumeMounts) > 0 {
		m["volumeMounts"] = renderMounts(c.volumeMounts)
	}
	if c.resources != nil {
		m["resources"] = object.DeepCopyValue(c.resources)
	}
	if c.allocated != nil {
		m["allocatedResources"] = object.DeepCopyValue(c.allocated)
	}
	return m
}

// renderStatusFrom is renderStatus for a container whose previous status
// prev rendered to pm: the parts that did not change are taken from pm,
// boxed, rendered and copied already. Most updates change one state.
func renderStatusFrom(c, prev *containerStatus, pm map[string]any) map[string]any {
	m := make(map[string]any, len(pm))
	m["name"] = sameOr(pm, "name", c.name == prev.name, c.name)
	m["image"] = sameOr(pm, "image", c.image == prev.image, c.image)
	m["imageID"] = sameOr(pm, "imageID", c.imageID == prev.imageID, c.imageID)
	m["ready"], m["restartCount"], m["started"] = c.ready, int64(c.restartCount), c.started
	m["state"] = sameOrRender(pm, "state", &c.state, &prev.state)
	m["lastState"] = sameOrRender(pm, "lastState", &c.lastState, &prev.lastState)
	if c.containerID != "" {
		m["containerID"] = sameOr(pm, "containerID", c.containerID == prev.containerID, c.containerID)
	}
	if len(c.volumeMounts) > 0 {
		if slices.Equal(c.volumeMounts, prev.volumeMounts) {
			m["volumeMounts"] = pm["volumeMounts"]
		} else {
			m["volumeMounts"] = renderMounts(c.volumeMounts)
		}
	}
	if c.resources != nil {
		if prev.resources != nil && object.EqualValues(prev.resources, c.resources) {
			m["resources"] = pm["resources"]
		} else {
			m["resources"] = object.DeepCopyValue(c.resources)
		}
	}
	if c.allocated != nil {
		if prev.allocated != nil && object.EqualValues(prev.allocated, c.allocated) {
			m["allocatedResources"] = pm["allocatedResources"]
		} else {
			m["allocatedResources"] = object.DeepCopyValue(c.allocated)
		}
	}
	return m
}

// sameOrRender is pm[key] when s is prev, else s rendered.
func sameOrRender(pm map[string]any, key string, s, prev *containerState) any {
	if *s == *prev {
		return pm[key]
	}
	return s.render()
}

// renderMounts renders a container's volume mounts.
func renderMounts(mounts []volumeMountStatus) []any {
	vms := make([]any, len(mounts))
	for j, vm := range mounts {
		v := map[string]any{"name": vm.name, "mountPath": vm.mountPath}
		if vm.readOnly {
			// RecursiveReadOnlyMounts (GA): a read-only mount reports
			// its recursive mode, Disabled unless asked for.
			v["readOnly"], v["recursiveReadOnly"] = true, "Disabled"
		}
		vms[j] = v
	}
	return vms
}

func (s *containerState) render() map[string]any {
	switch s.kind {
	case stateWaiting:
		w := map[string]any{}
		if s.reason != "" {
			w["reason"] = boxedText(s.reason)
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
