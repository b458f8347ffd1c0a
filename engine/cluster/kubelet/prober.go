package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
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

// result returns the result a probe has for container id, and whether
// there is one.
func (m *probeManager) result(w *podWorker, name, id string, kind probeKind) (probeResult, bool) {
	pw, ok := m.workers[probeKey{w.uid, name, kind}]
	if !ok || pw.containerID != id || !pw.hasResult {
		return resultUnknown, false
	}
	return pw.result, true
}

// failed reports whether the probe failed for the running container id
// (the liveness and startup managers' Failure).
func (m *probeManager) failed(w *podWorker, name, id string, kind probeKind) bool {
	r, ok := m.result(w, name, containerID(id), kind)
	return ok && r == resultFailure
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
			if r, ok := m.result(w, c.name, c.containerID, probeReadiness); ok && r == resultSuccess {
				ready = true
			} else if pw, exists := m.workers[probeKey{w.uid, c.name, probeReadiness}]; exists {
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
	if r, ok := m.result(w, c.name, c.containerID, probeStartup); ok {
		return r == resultSuccess
	}
	_, exists := m.workers[probeKey{w.uid, c.name, probeStartup}]
	return !exists
}

// probeWorker is one probe of one container (pkg/kubelet/prober/worker.go).
type probeWorker struct {
	m         *probeManager
	w         *podWorker
	container string
	kind      probeKind
	spec      *object.Probe
	period    time.Duration
	timer     *sim.Timer
	stopped   bool

	containerID string
	result      probeResult
	hasResult   bool
	lastResult  probeResult
	resultRun   int
	onHold      bool
}

func newProbeWorker(m *probeManager, w *podWorker, c *object.ContainerView, kind probeKind, spec *object.Probe) *probeWorker {
	period := time.Duration(spec.PeriodSeconds) * time.Second
	if period <= 0 {
		period = m.l.k.e.Timings.ProbePeriod
	}
	return &probeWorker{m: m, w: w, container: c.Name, kind: kind, spec: spec, period: period}
}

// start runs the first probe, then one every period. A kubelet that
// started less than a period ago waits a random part of the period first,
// so that probes restarted together do not run together (worker.run).
func (pw *probeWorker) start() {
	l := pw.m.l
	first := l.now()
	if l.now().Sub(l.started) < pw.period {
		first = first.Add(time.Duration(l.k.e.Rand.Float64() * float64(pw.period)))
	}
	pw.timer = l.k.e.Loop.NewTimer(sim.Func(pw.fire))
	pw.timer.Reset(first)
}

func (pw *probeWorker) fire() {
	if pw.stopped || pw.m.l.stopped {
		return
	}
	if !pw.doProbe() {
		pw.stop()
		delete(pw.m.workers, probeKey{pw.w.uid, pw.container, pw.kind})
		return
	}
	pw.timer.Reset(pw.m.l.now().Add(pw.period))
}

// trigger runs the probe now and restarts the period from there (the
// manual trigger of a readiness probe).
func (pw *probeWorker) trigger() {
	if pw.stopped {
		return
	}
	pw.timer.Reset(pw.m.l.now())
}

func (pw *probeWorker) stop() {
	pw.stopped = true
	if pw.timer != nil {
		pw.timer.Stop()
	}
}

// initialValue is the result a worker gives a new container: readiness
// starts failed, liveness succeeded, startup unknown.
func (pw *probeWorker) initialValue() probeResult {
	switch pw.kind {
	case probeReadiness:
		return resultFailure
	case probeLiveness:
		return resultSuccess
	}
	return resultUnknown
}

// doProbe is worker.doProbe; it reports whether the worker goes on.
func (pw *probeWorker) doProbe() bool {
	m, w := pw.m, pw.w
	cached, ok := m.l.status.cache[w.uid]
	if !ok {
		return true
	}
	status := &cached.status
	if status.terminal() {
		return false
	}
	c := findStatus(status.statuses, pw.container)
	if c == nil || c.containerID == "" {
		return true
	}
	if pw.containerID != c.containerID {
		pw.containerID = c.containerID
		pw.set(pw.initialValue(), pw.initialValue() != resultUnknown)
		pw.onHold = false
	}
	if pw.onHold {
		return true
	}
	if c.state.kind != stateRunning {
		pw.set(resultFailure, true)
		if c.state.kind != stateTerminated {
			return true
		}
		return shouldRestart(w.v.RestartPolicy, c.state.exitCode)
	}
	if w.v.Deleting && (pw.kind == probeLiveness || pw.kind == probeStartup) {
		pw.set(resultSuccess, true)
		return false
	}
	if int64(m.l.now().Sub(c.state.startedAt)/time.Second) < pw.spec.InitialDelaySeconds {
		return true
	}
	if c.started {
		if pw.kind == probeStartup {
			return true
		}
	} else if pw.kind != probeStartup {
		return true
	}
	result := m.run(pw, c)
	if pw.lastResult == result {
		pw.resultRun++
	} else {
		pw.lastResult, pw.resultRun = result, 1
	}
	failureThreshold := pw.spec.FailureThreshold
	if failureThreshold <= 0 {
		failureThreshold = int64(m.l.k.e.Timings.ProbeFailureThreshold)
	}
	successThreshold := max(pw.spec.SuccessThreshold, 1)
	if result == resultFailure && int64(pw.resultRun) < failureThreshold ||
		result == resultSuccess && int64(pw.resultRun) < successThreshold {
		return true
	}
	pw.set(result, true)
	if pw.kind == probeLiveness && result == resultFailure || pw.kind == probeStartup {
		pw.onHold, pw.resultRun = true, 0
	}
	return true
}

// set records a result; a change is sent where the kubelet sends it
// (syncLoopIteration): readiness and startup update the cached status, and
// every change but a liveness success makes the Pod sync.
func (pw *probeWorker) set(r probeResult, known bool) {
	if !known {
		pw.hasResult = false
		return
	}
	changed := !pw.hasResult || pw.result != r
	pw.result, pw.hasResult = r, true
	if !changed {
		return
	}
	m, w := pw.m, pw.w
	switch pw.kind {
	case probeReadiness:
		m.l.status.setContainerFlag(w, pw.containerID, r == resultSuccess, false)
	case probeStartup:
		m.l.status.setContainerFlag(w, pw.containerID, r == resultSuccess, true)
	case probeLiveness:
		if r != resultFailure {
			return
		}
	}
	w.syncOrWait()
}
