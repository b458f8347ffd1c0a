package kubelet

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// Condition reasons (pkg/kubelet/status/generate.go and
// pkg/kubelet/types/constants.go).
const (
	reasonUnknownContainerStatuses = "UnknownContainerStatuses"
	reasonPodCompleted             = "PodCompleted"
	reasonPodFailed                = "PodFailed"
	reasonContainersNotReady       = "ContainersNotReady"
	reasonContainersNotInitialized = "ContainersNotInitialized"
	reasonPodSandboxNotReady       = "PodSandboxNotReady"
)

// readyToStartCondition is GeneratePodReadyToStartContainersCondition: True
// when the latest sandbox is ready with an IP, else False with
// PodSandboxChanged's message.
func readyToStartCondition(sandboxes []runtime.SandboxStatus, gen int64) condition {
	c := condition{typ: condReadyToStart, observedGeneration: gen}
	n := len(sandboxes)
	switch {
	case n == 0:
		c.status, c.reason, c.message = "False", reasonPodSandboxNotReady, "no pod sandbox exists"
	case sandboxes[n-1].State != runtime.SandboxReady:
		c.status, c.reason, c.message = "False", reasonPodSandboxNotReady, "pod sandbox is not ready"
	case sandboxes[n-1].IP == "":
		c.status, c.reason, c.message = "False", reasonPodSandboxNotReady, "pod sandbox has no IP address"
	default:
		c.status = "True"
	}
	return c
}

// containersReadyCondition is GenerateContainersReadyCondition.
func containersReadyCondition(v *object.PodView, all []containerStatus, phase string, gen int64) condition {
	c := condition{typ: condContainers, observedGeneration: gen}
	if all == nil && len(v.Containers) > 0 {
		c.status, c.reason = "False", reasonUnknownContainerStatuses
		return c
	}
	var unknownArray, unreadyArray [8]string
	unknown, unready := unknownArray[:0], unreadyArray[:0]
	for i := range v.Containers {
		name := v.Containers[i].Name
		st := findStatus(all, name)
		switch {
		case st == nil:
			unknown = append(unknown, name)
		case !st.ready:
			unready = append(unready, name)
		}
	}
	if phase == phaseSucceeded && len(unknown) == 0 || phase == phaseFailed {
		return terminalCondition(condContainers, phase, gen)
	}
	if msg := statusMessage(unknown, unready, "unready"); msg != "" {
		c.status, c.reason, c.message = "False", reasonContainersNotReady, msg
		return c
	}
	c.status = "True"
	return c
}

// statusMessage is the message of a condition that lists containers (the
// generators' messages, each list as fmt's %s verb prints a []string):
// "containers with unknown status: [a b]" for the unknown ones, then, after
// ", ", "containers with WHAT status: [c]" for the others; "" when there
// are none. It is made in one piece.
func statusMessage(unknown, others []string, what string) string {
	switch {
	case len(unknown) == 0 && len(others) == 0:
		return ""
	case len(others) == 0:
		return "containers with unknown status: [" + strings.Join(unknown, " ") + "]"
	case len(unknown) == 0:
		return "containers with " + what + " status: [" + strings.Join(others, " ") + "]"
	}
	return "containers with unknown status: [" + strings.Join(unknown, " ") + "], containers with " + what +
		" status: [" + strings.Join(others, " ") + "]"
}

// readyCondition is GeneratePodReadyCondition from the Pod's
// ContainersReady condition cr: its status, reason and message while it is
// not True (readiness gates are not modelled); True otherwise.
func readyCondition(cr condition) condition {
	cr.typ = condReady
	return cr
}

// terminalCondition is the condition of a Pod in a terminal phase
// (generateContainersReadyConditionForTerminalPhase).
func terminalCondition(t, phase string, gen int64) condition {
	c := condition{typ: t, status: "False", observedGeneration: gen}
	if phase == phaseFailed {
		c.reason = reasonPodFailed
	} else {
		c.reason = reasonPodCompleted
	}
	return c
}

// initializedCondition is GeneratePodInitializedCondition (init containers
// without restartPolicy Always; sidecars are not modelled).
func initializedCondition(v *object.PodView, all []containerStatus, phase string, gen int64) condition {
	c := condition{typ: condInitialized, observedGeneration: gen}
	if all == nil && len(v.InitContainers) > 0 {
		c.status, c.reason = "False", reasonUnknownContainerStatuses
		return c
	}
	var unknownArray, incompleteArray [8]string
	unknown, incomplete := unknownArray[:0], incompleteArray[:0]
	for i := range v.InitContainers {
		name := v.InitContainers[i].Name
		st := findStatus(all, name)
		switch {
		case st == nil:
			unknown = append(unknown, name)
		case !st.ready:
			incomplete = append(incomplete, name)
		}
	}
	if phase == phaseSucceeded && len(unknown) == 0 {
		c.status, c.reason = "True", reasonPodCompleted
		return c
	}
	// HasAnyRegularContainerStarted: a regular container ran or runs.
	for i := range v.Containers {
		st := findStatus(all, v.Containers[i].Name)
		if st != nil && (st.state.kind == stateRunning || st.state.kind == stateTerminated) {
			c.status = "True"
			return c
		}
	}
	if msg := statusMessage(unknown, incomplete, "incomplete"); msg != "" {
		c.status, c.reason, c.message = "False", reasonContainersNotInitialized, msg
		return c
	}
	c.status = "True"
	return c
}
