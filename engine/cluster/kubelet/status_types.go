package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// podStatus is the part of a Pod's status the kubelet owns (v1.PodStatus),
// as it computes it. Times are whole seconds, as the status manager
// normalizes them before comparing (status_manager.go, normalizeStatus).
type podStatus struct {
	phase, reason, message string
	conditions             []condition // the kubelet's, in its order
	hostIP, podIP          string
	startTime              sim.Time
	hasStartTime           bool
	qosClass               string
	observedGeneration     int64
	initStatuses           []containerStatus
	statuses               []containerStatus
}

func (s *podStatus) terminal() bool { return s.phase == phaseSucceeded || s.phase == phaseFailed }

// condition is a Pod condition (v1.PodCondition).
type condition struct {
	typ, status, reason, message string
	lastTransition               sim.Time
	observedGeneration           int64
}

// stateKind tells a container state's one set field.
type stateKind uint8

const (
	stateNone stateKind = iota
	stateWaiting
	stateRunning
	stateTerminated
)

// containerState is v1.ContainerState.
type containerState struct {
	kind                  stateKind
	reason, message       string
	exitCode              int
	startedAt, finishedAt sim.Time
	containerID           string
}

// containerStatus is v1.ContainerStatus.
type containerStatus struct {
	name, image, imageID, containerID string
	state, lastState                  containerState
	ready, started                    bool
	restartCount                      int
	volumeMounts                      []volumeMountStatus
	resources                         map[string]any // requests and limits, as the spec has them
	allocated                         map[string]any // allocatedResources: the requests
}

// volumeMountStatus is v1.VolumeMountStatus.
type volumeMountStatus struct {
	name, mountPath string
	readOnly        bool
}

// The Pod phases and condition types (k8s.io/api/core/v1).
const (
	phasePending   = "Pending"
	phaseRunning   = "Running"
	phaseSucceeded = "Succeeded"
	phaseFailed    = "Failed"

	condReadyToStart = "PodReadyToStartContainers"
	condInitialized  = "Initialized"
	condReady        = "Ready"
	condContainers   = "ContainersReady"
	condScheduled    = "PodScheduled"
)

// kubeletConditions are the condition types the kubelet owns
// (pkg/kubelet/types/pod_status.go, PodConditionByKubelet).
var kubeletConditions = [...]string{condReadyToStart, condInitialized, condReady, condContainers, condScheduled}

func ownedByKubelet(t string) bool {
	for _, k := range kubeletConditions {
		if k == t {
			return true
		}
	}
	return false
}

// seconds truncates t to whole seconds (metav1.Time's precision).
func seconds(t sim.Time) sim.Time { return t - t%sim.Time(time.Second) }

func (s *podStatus) condition(t string) *condition {
	for i := range s.conditions {
		if s.conditions[i].typ == t {
			return &s.conditions[i]
		}
	}
	return nil
}

func findStatus(list []containerStatus, name string) *containerStatus {
	for i := range list {
		if list[i].name == name {
			return &list[i]
		}
	}
	return nil
}

// equal reports whether two statuses are the same (isPodStatusByKubeletEqual:
// every field, conditions compared by type).
func (s *podStatus) equal(o *podStatus) bool {
	if s.phase != o.phase || s.reason != o.reason || s.message != o.message || s.hostIP != o.hostIP ||
		s.podIP != o.podIP || s.startTime != o.startTime || s.hasStartTime != o.hasStartTime ||
		s.qosClass != o.qosClass || s.observedGeneration != o.observedGeneration ||
		len(s.conditions) != len(o.conditions) {
		return false
	}
	for i := range s.conditions {
		c := o.condition(s.conditions[i].typ)
		if c == nil || *c != s.conditions[i] {
			return false
		}
	}
	return statusesEqual(s.initStatuses, o.initStatuses) && statusesEqual(s.statuses, o.statuses)
}

func statusesEqual(a, b []containerStatus) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.name != y.name || x.image != y.image || x.imageID != y.imageID || x.containerID != y.containerID ||
			x.state != y.state || x.lastState != y.lastState || x.ready != y.ready || x.started != y.started ||
			x.restartCount != y.restartCount || len(x.volumeMounts) != len(y.volumeMounts) {
			return false
		}
	}
	return true
}
