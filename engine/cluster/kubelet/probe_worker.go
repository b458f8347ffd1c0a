package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

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
	// waiting is set while the current container has given no result yet
	// (no probe ran, and it was not found stopped); streak while the last
	// runs differ from the result held and have not reached the threshold
	// that would change it. See unsettled.
	waiting, streak bool
	// lastRun is when a probe last ran.
	lastRun sim.Time

	targetCache probeTarget // see target
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
		pw.onHold, pw.waiting, pw.streak = false, true, false
	}
	if pw.onHold {
		return true
	}
	if c.state.kind != stateRunning {
		pw.waiting, pw.streak = false, false
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
	pw.lastRun = m.l.now()
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
	pw.waiting = false
	if result == resultFailure && int64(pw.resultRun) < failureThreshold ||
		result == resultSuccess && int64(pw.resultRun) < successThreshold {
		pw.streak = !pw.hasResult || result != pw.result
		return true
	}
	pw.streak = false
	pw.set(result, true)
	if pw.kind == probeLiveness && result == resultFailure || pw.kind == probeStartup {
		pw.onHold, pw.resultRun = true, 0
	}
	return true
}

// unsettled reports whether the worker has more to say with nothing else
// happening: while its container waits for its first probe (an initial
// delay, a startup probe not yet passed), while its process has begun to
// listen since the last probe (rt says when), and while a run of failures
// or successes heads for the threshold that changes the result held. A
// worker with no container yet, stopped or on hold has nothing to say.
func (pw *probeWorker) unsettled(rt *runtime.Runtime) bool {
	if pw.stopped || pw.onHold || pw.containerID == "" {
		return false
	}
	if pw.waiting || pw.streak {
		return true
	}
	since, ok := rt.ListeningSince(runtimeID(pw.containerID))
	return ok && since > pw.lastRun
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
