package kubelet

// sandboxReady is OnPodSandboxReady: as soon as the sandbox and its network
// are up, PodReadyToStartContainers turns True, before the containers
// start (pkg/kubelet/kubelet.go).
func (m *statusManager) sandboxReady(w *podWorker) {
	s := m.previous(w)
	s.conditions = append([]condition(nil), s.conditions...)
	c := condition{typ: condReadyToStart, status: "True", observedGeneration: w.pod.Meta.Generation}
	if old := s.condition(condReadyToStart); old != nil {
		*old = c
	} else {
		s.conditions = append(s.conditions, c)
	}
	m.set(w, s)
}

// reject is rejectPod: the Pod failed admission; its status says why.
func (m *statusManager) reject(w *podWorker, reason, message string) {
	m.set(w, podStatus{qosClass: w.qosClass(), phase: phaseFailed, reason: reason,
		message: "Pod was rejected: " + message})
}

// terminatePod is TerminatePod: after the containers stopped, every
// container without a terminated state is reported terminated
// (ContainerStatusUnknown, exit code 137), a phase still Pending or Running
// becomes Failed, and the status is sent as finished.
func (m *statusManager) terminatePod(w *podWorker) {
	s := m.previous(w)
	s.statuses = append([]containerStatus(nil), s.statuses...)
	s.initStatuses = append([]containerStatus(nil), s.initStatuses...)
	if len(w.v.InitContainers) == 0 || hasInitialized(&s) {
		for i := range s.statuses {
			if s.statuses[i].state.kind != stateTerminated {
				s.statuses[i].state = containerState{kind: stateTerminated, reason: reasonStatusUnknown, exitCode: 137,
					message: "The container could not be located when the pod was terminated"}
			}
		}
	}
	if s.phase == phasePending || s.phase == phaseRunning || s.phase == "" {
		s.phase = phaseFailed
	}
	m.update(w, s, true, true)
}

// hasInitialized is hasPodInitialized: a regular container left the
// waiting state once, or the last init container succeeded.
func hasInitialized(s *podStatus) bool {
	for i := range s.statuses {
		if s.statuses[i].lastState.kind == stateTerminated || s.statuses[i].state.kind != stateWaiting {
			return true
		}
	}
	if n := len(s.initStatuses); n > 0 {
		last := &s.initStatuses[n-1]
		if last.lastState.kind == stateTerminated && last.lastState.exitCode == 0 ||
			last.state.kind == stateTerminated && last.state.exitCode == 0 {
			return true
		}
	}
	return false
}

// setContainerFlag is SetContainerReadiness (startup false) and
// SetContainerStartup (startup true): the cached status changes the
// container's ready or started flag, readiness also recomputes the Ready
// and ContainersReady conditions, and the status is sent.
func (m *statusManager) setContainerFlag(w *podWorker, id string, value, startup bool) {
	c, ok := m.cache[w.uid]
	if !ok {
		return
	}
	s := c.status
	at := -1
	for i := range s.statuses {
		if s.statuses[i].containerID == id {
			at = i
		}
	}
	if at < 0 || startup && s.statuses[at].started == value || !startup && s.statuses[at].ready == value {
		return
	}
	s.statuses = append([]containerStatus(nil), s.statuses...) // never the cached array
	st := &s.statuses[at]
	if startup {
		st.started = value
		m.update(w, s, false, false)
		return
	}
	st.ready = value
	all := append(append([]containerStatus(nil), s.initStatuses...), s.statuses...)
	s.conditions = append([]condition(nil), s.conditions...)
	gen := w.pod.Meta.Generation
	containersReady := containersReadyCondition(&w.v, all, s.phase, gen)
	for _, nc := range [...]condition{readyCondition(containersReady), containersReady} {
		if old := s.condition(nc.typ); old != nil {
			*old = nc
		} else {
			s.conditions = append(s.conditions, nc)
		}
	}
	m.update(w, s, false, false)
}
