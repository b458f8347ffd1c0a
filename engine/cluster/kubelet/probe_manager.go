package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// probeKind is a probe's type.
type probeKind uint8

const (
	probeReadiness probeKind = iota
	probeLiveness
	probeStartup
)

// String is the type as the kubelet's messages name it
// (pkg/kubelet/prober/prober_manager.go, probeType.String).
func (k probeKind) String() string {
	return [...]string{"Readiness", "Liveness", "Startup"}[k]
}

// probeResult is a probe's result (pkg/kubelet/prober/results).
type probeResult int8

const (
	resultUnknown probeResult = iota
	resultSuccess
	resultFailure
)

// probeManager runs one worker per probe of each container
// (pkg/kubelet/prober/prober_manager.go) and keeps their results.
type probeManager struct {
	l       *life
	workers map[probeKey]*probeWorker
}

type probeKey struct {
	uid, container string
	kind           probeKind
}

func newProbeManager(l *life) *probeManager {
	return &probeManager{l: l, workers: map[probeKey]*probeWorker{}}
}

// addPod starts the workers of the Pod's probes (AddPod), in the order of
// the containers, startup then readiness then liveness... as the kubelet
// creates them: for each container, startup, readiness, liveness.
func (m *probeManager) addPod(w *podWorker) {
	for i := range w.v.Containers {
		c := &w.v.Containers[i]
		for _, p := range [...]struct {
			kind probeKind
			spec *object.Probe
		}{{probeStartup, c.StartupProbe}, {probeReadiness, c.ReadinessProbe}, {probeLiveness, c.LivenessProbe}} {
			if p.spec == nil {
				continue
			}
			key := probeKey{w.uid, c.Name, p.kind}
			if _, ok := m.workers[key]; ok {
				continue
			}
			pw := newProbeWorker(m, w, c, p.kind, p.spec)
			m.workers[key] = pw
			pw.start()
		}
	}
}

// removePod stops every worker of the Pod (RemovePod).
func (m *probeManager) removePod(w *podWorker) {
	for _, c := range w.v.Containers {
		for _, k := range [...]probeKind{probeStartup, probeReadiness, probeLiveness} {
			m.stopWorker(probeKey{w.uid, c.Name, k})
		}
	}
}

// stopLivenessAndStartup stops those workers of a terminating Pod.
func (m *probeManager) stopLivenessAndStartup(w *podWorker) {
	for _, c := range w.v.Containers {
		m.stopWorker(probeKey{w.uid, c.Name, probeLiveness})
		m.stopWorker(probeKey{w.uid, c.Name, probeStartup})
	}
}

func (m *probeManager) stopWorker(k probeKey) {
	if pw, ok := m.workers[k]; ok {
		pw.stop()
		delete(m.workers, k)
	}
}

// stopAll stops every worker (the kubelet stops).
func (m *probeManager) stopAll() {
	for _, pw := range m.workers {
		pw.stop()
	}
	clear(m.workers)
}

// resultFor is the result pw holds for the container id: none when there
// is no worker (pw is nil), when it probes another container, or when it
// has no result yet.
func (pw *probeWorker) resultFor(id string) (probeResult, bool) {
	if pw == nil || pw.containerID != id || !pw.hasResult {
		return resultUnknown, false
	}
	return pw.result, true
}

// failed reports whether the probe failed for the running container id
// (the liveness and startup managers' Failure).
func (m *probeManager) failed(w *podWorker, name, id string, kind probeKind) bool {
	pw := m.workers[probeKey{w.uid, name, kind}]
	return pw != nil && pw.hasResult && isContainerID(pw.containerID, id) && pw.result == resultFailure
}

// updateStatus is UpdatePodStatus: a running container is started unless
// its startup probe has not succeeded; it is ready when started and its
// readiness probe succeeded (or it has none) — a readiness probe that has
// no success yet is run at once. An init container is ready once it
// succeeded.
func (m *probeManager) updateStatus(w *podWorker, s *podStatus) {
	for i := range s.statuses {
		c := &s.statuses[i]
		c.started = m.started(w, c)
		if !c.started {
			continue
		}
		ready := false
		if c.state.kind == stateRunning {
			pw := m.workers[probeKey{w.uid, c.name, probeReadiness}]
			if r, ok := pw.resultFor(c.containerID); ok && r == resultSuccess {
				ready = true
			} else if pw != nil {
				pw.trigger()
			} else {
				ready = true
			}
		}
		c.ready = ready
	}
	for i := range s.initStatuses {
		c := &s.initStatuses[i]
		c.started = c.state.kind == stateRunning
		c.ready = c.state.kind == stateTerminated && c.state.exitCode == 0
	}
}

func (m *probeManager) started(w *podWorker, c *containerStatus) bool {
	if c.state.kind != stateRunning {
		return false
	}
	pw := m.workers[probeKey{w.uid, c.name, probeStartup}]
	if r, ok := pw.resultFor(c.containerID); ok {
		return r == resultSuccess
	}
	return pw == nil
}
