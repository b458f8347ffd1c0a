package kubelet

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// Waiting reasons the kubelet gives containers it has not started
// (pkg/kubelet/kubelet_pods.go).
const (
	reasonContainerCreating = "ContainerCreating"
	reasonPodInitializing   = "PodInitializing"
	reasonStatusUnknown     = "ContainerStatusUnknown" // kubecontainer.ContainerReasonStatusUnknown
)

// statusScratch are the buffers generateStatus fills and reads again on
// every call: nothing it returns refers to them.
type statusScratch struct {
	containers []runtime.ContainerStatus
	statuses   []containerStatus
	sandboxes  []runtime.SandboxStatus
}

// generateStatus computes the Pod's status from the runtime's state and
// the previous status (generateAPIPodStatus, pkg/kubelet/kubelet_pods.go):
// IPs from the latest sandbox while it is ready, container statuses, the
// phase, then what probes say (started, ready), then the kubelet's
// conditions in its order — PodReadyToStartContainers, Initialized, Ready,
// ContainersReady, PodScheduled — and the host IP.
func (l *life) generateStatus(w *podWorker, podIsTerminal bool) podStatus {
	rt := l.k.rt
	old := l.status.previous(w)
	sandboxes := rt.AppendPodSandboxes(l.scratch.sandboxes[:0], w.uid)
	l.scratch.sandboxes = sandboxes
	cs := rt.ListContainers(l.scratch.containers[:0], w.uid)
	l.scratch.containers = cs
	v := &w.v
	s := podStatus{qosClass: w.qosClass(), observedGeneration: w.pod.Meta.Generation}
	if n := len(sandboxes); n > 0 && sandboxes[n-1].State == runtime.SandboxReady {
		s.podIP = sandboxes[n-1].IP
	}
	hasInit := len(v.InitContainers) > 0
	s.statuses = w.convertStatuses(v.Containers, cs, old.statuses, hasInit, false)
	s.initStatuses = w.convertStatuses(v.InitContainers, cs, old.initStatuses, hasInit, true)
	s.phase = getPhase(v, s.initStatuses, s.statuses, podIsTerminal)
	if !s.terminal() {
		// A terminal phase, in the status manager's or the API's status,
		// is never left.
		switch {
		case old.terminal():
			s.phase = old.phase
		case v.IsTerminal():
			s.phase = v.Phase
		}
	}
	if s.phase == old.phase {
		s.reason, s.message = old.reason, old.message
		if s.reason == "" {
			s.reason = v.Reason
		}
		if s.message == "" {
			s.message = v.Message
		}
	}
	l.probes.updateStatus(w, &s)
	gen := w.pod.Meta.Generation
	s.conditions = make([]condition, 0, len(kubeletConditions))
	s.conditions = append(s.conditions, readyToStartCondition(sandboxes, gen))
	all := append(append(l.scratch.statuses[:0], s.initStatuses...), s.statuses...)
	l.scratch.statuses = all
	s.conditions = append(s.conditions, initializedCondition(v, all, s.phase, gen))
	containersReady := containersReadyCondition(v, all, s.phase, gen)
	s.conditions = append(s.conditions, readyCondition(containersReady), containersReady)
	s.conditions = append(s.conditions, condition{typ: condScheduled, status: "True", observedGeneration: gen})
	s.hostIP = l.k.cfg.InternalIP
	return s
}

// convertStatuses is convertToAPIContainerStatuses: each container starts
// waiting (ContainerCreating, or PodInitializing when the Pod has init
// containers), keeping its previous restart count and last state; a
// container that was running and that the runtime no longer knows (the
// node rebooted) gets a last state ContainerStatusUnknown, exit code 137,
// and one more restart; then the runtime's latest instance sets the state,
// and the previous status or the instance before it the last state;
// finally a container that will be
// restarted and could not start shows why as its waiting state.
func (w *podWorker) convertStatuses(specs []object.ContainerView, cs []runtime.ContainerStatus, previous []containerStatus, hasInit, isInit bool) []containerStatus {
	if len(specs) == 0 {
		return nil
	}
	defaultWaiting := containerState{kind: stateWaiting, reason: reasonContainerCreating}
	if hasInit {
		defaultWaiting.reason = reasonPodInitializing
	}
	out := make([]containerStatus, len(specs))
	for i := range specs {
		c := &specs[i]
		st := containerStatus{name: c.Name, image: c.Image, state: defaultWaiting}
		st.volumeMounts = w.volumeMountStatuses(c.Name, isInit)
		if old := findStatus(previous, c.Name); old != nil {
			if old.state.kind == stateTerminated {
				st = *old
				st.ready, st.started = false, false
			} else {
				st.restartCount, st.lastState = old.restartCount, old.lastState
			}
		}
		out[i] = st
	}
	for i := range specs {
		c := &specs[i]
		if latest(cs, c.Name) != nil {
			continue
		}
		old := findStatus(previous, c.Name)
		if old == nil || old.state.kind != stateRunning {
			continue
		}
		st := &out[i]
		if st.state.kind != stateWaiting || st.state.reason != defaultWaiting.reason || st.lastState.kind == stateTerminated {
			continue
		}
		st.lastState = containerState{kind: stateTerminated, reason: reasonStatusUnknown, exitCode: 137,
			message: "The container could not be located when the pod was deleted.  The container used to be Running"}
		if !w.v.Deleting {
			st.restartCount++
		}
	}
	for i := range specs {
		c := &specs[i]
		cur, prev := latestTwo(cs, c.Name)
		if cur == nil {
			continue
		}
		st := &out[i]
		vm := st.volumeMounts
		old := findStatus(previous, c.Name)
		var known string
		if old != nil {
			known = old.containerID
		}
		*st = convertStatus(cur, known)
		st.volumeMounts = vm
		st.resources, st.allocated = resourcesOf(w.pod, c.Name, isInit)
		if old != nil {
			// RestartAllContainersOnContainerExits (beta, on since
			// v1.36) carries the count and the last termination over
			// from the previous status, for containers the runtime no
			// longer has.
			if old.restartCount > st.restartCount {
				st.restartCount = old.restartCount
			}
			if old.containerID != st.containerID && old.state.kind == stateTerminated {
				st.lastState = old.state
			} else if old.lastState.kind == stateTerminated {
				st.lastState = old.lastState
			}
			if cur.State == runtime.StateRunning && old.state.kind == stateTerminated && old.restartCount >= cur.Attempt {
				st.restartCount = old.restartCount + 1
			}
		}
		if prev != nil {
			st.lastState = convertStatus(prev, st.lastState.containerID).state
		}
	}
	for i := range specs {
		c := &specs[i]
		s := latest(cs, c.Name)
		if isInit && s != nil && s.State == runtime.StateExited && s.ExitCode == 0 {
			continue
		}
		if !w.shouldBeRestarted(s) {
			continue
		}
		r, ok := w.reasons[c.Name]
		if !ok {
			continue
		}
		st := &out[i]
		if st.state.kind == stateTerminated {
			st.lastState = st.state
		}
		st.state = containerState{kind: stateWaiting, reason: r.err, message: r.message}
	}
	return out
}

// shouldBeRestarted is ShouldContainerBeRestarted
// (pkg/kubelet/container/helpers.go) for the latest instance s.
func (w *podWorker) shouldBeRestarted(s *runtime.ContainerStatus) bool {
	switch {
	case w.v.Deleting:
		return false
	case s == nil:
		return true
	case s.State == runtime.StateRunning:
		return false
	case s.State == runtime.StateCreated:
		return true
	}
	return shouldRestart(w.v.RestartPolicy, s.ExitCode)
}

// convertStatus turns a runtime container status into the API's; known is
// an ID in the API's form the status may have already (see
// knownContainerID).
func convertStatus(c *runtime.ContainerStatus, known string) containerStatus {
	id := knownContainerID(c.ID, known)
	st := containerStatus{name: c.Name, restartCount: c.Attempt, image: c.Image, imageID: c.ImageRef, containerID: id}
	switch c.State {
	case runtime.StateRunning:
		st.state = containerState{kind: stateRunning, startedAt: seconds(c.StartedAt)}
	case runtime.StateCreated:
		st.state = containerState{kind: stateWaiting}
	case runtime.StateExited:
		st.state = containerState{kind: stateTerminated, exitCode: c.ExitCode, reason: c.Reason,
			startedAt: seconds(c.StartedAt), finishedAt: seconds(c.FinishedAt), containerID: id}
	}
	return st
}

// containerIDPrefix is the runtime's type as a container's API ID begins
// with it (kubecontainer.ContainerID.String).
const containerIDPrefix = "containerd://"

// containerID is the ID the API shows: the runtime's type and its ID
// (kubecontainer.ContainerID.String).
func containerID(id string) string { return containerIDPrefix + id }

// knownContainerID is containerID(id), as the string known when known is
// that ID already, so that a status converted again shares it.
func knownContainerID(id, known string) string {
	if isContainerID(known, id) {
		return known
	}
	return containerID(id)
}

// isContainerID reports whether known is containerID(id), without
// making it.
func isContainerID(known, id string) bool {
	const n = len(containerIDPrefix)
	return len(known) == n+len(id) && known[n:] == id && known[:n] == containerIDPrefix
}

// runtimeID is the runtime's own ID of a container whose status ID is id
// (containerID's inverse).
func runtimeID(id string) string { return strings.TrimPrefix(id, containerIDPrefix) }

// latestTwo returns the two most recently created instances of name.
func latestTwo(cs []runtime.ContainerStatus, name string) (cur, prev *runtime.ContainerStatus) {
	for i := range cs {
		c := &cs[i]
		if c.Name != name {
			continue
		}
		switch {
		case cur == nil || c.CreatedAt >= cur.CreatedAt:
			cur, prev = c, cur
		case prev == nil || c.CreatedAt >= prev.CreatedAt:
			prev = c
		}
	}
	return cur, prev
}
