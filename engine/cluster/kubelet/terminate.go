package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// minimumGracePeriod is the shortest time a container gets between SIGTERM
// and SIGKILL (pkg/kubelet/kuberuntime/kuberuntime_manager.go,
// minimumGracePeriodInSeconds = 2).
const minimumGracePeriod = 2

// terminate stops the Pod for good, as SyncTerminatingPod and then
// SyncTerminatedPod do: report the status, stop the liveness and startup
// probes, stop every container with the Pod's grace period (after its
// preStop hook), stop the sandboxes (their network goes), report the
// terminal status, and hand the Pod to the status manager as finished —
// which deletes it from the API when it is being deleted.
func (w *podWorker) terminate() {
	if w.terminating {
		return
	}
	w.terminating = true
	l := w.l
	rt := l.k.rt
	l.status.set(w, l.generateStatus(w, false))
	l.probes.stopLivenessAndStartup(w)
	grace := w.gracePeriod()
	var kills []killRequest
	for _, c := range rt.ListContainers(nil, w.uid) {
		if c.State == runtime.StateRunning || c.State == runtime.StateCreated {
			kills = append(kills, killRequest{status: c})
		}
	}
	w.begin()
	w.killAllGrace(kills, &grace, func() {
		for _, s := range rt.ListPodSandbox(w.uid) {
			_ = rt.StopPodSandbox(s.ID)
		}
		l.probes.removePod(w)
		w.terminated = true
		l.status.set(w, l.generateStatus(w, true))
		l.status.terminatePod(w)
		w.finished = true
		w.end()
		if w.killRequested {
			l.forget(w)
		}
	})
}

// gracePeriod is the Pod's: its deletion grace period once it is being
// deleted, else terminationGracePeriodSeconds.
func (w *podWorker) gracePeriod() int64 {
	if g := w.pod.Meta.DeletionGracePeriodSeconds; g != nil {
		return *g
	}
	if w.v.TerminationGracePeriodSeconds > 0 {
		return w.v.TerminationGracePeriodSeconds
	}
	return minimumGracePeriod
}

// killAll stops containers, each with its own grace period, and calls then
// once all have exited.
func (w *podWorker) killAll(reqs []killRequest, then func()) { w.killAllGrace(reqs, nil, then) }

func (w *podWorker) killAllGrace(reqs []killRequest, grace *int64, then func()) {
	if len(reqs) == 0 {
		then()
		return
	}
	left := len(reqs)
	for _, r := range reqs {
		w.killContainer(r, grace, func() {
			left--
			if left == 0 && !w.l.stopped {
				then()
			}
		})
	}
}

// killContainer is killContainer of kuberuntime_container.go: the grace
// period is the override (the Pod's deletion grace period), else the
// liveness or startup probe's terminationGracePeriodSeconds for a probe
// kill, else the Pod's; the preStop hook runs first and its time is taken
// from the grace period; the container always gets at least two seconds.
func (w *podWorker) killContainer(r killRequest, grace *int64, done func()) {
	l := w.l
	cm := w.containerMap(r.status.Name, w.isInit(r.status.Name))
	period := w.gracePeriod()
	if grace != nil {
		period = *grace
	} else if w.pod.Meta.DeletionGracePeriodSeconds == nil {
		for _, p := range [...]string{"livenessProbe", "startupProbe"} {
			pm, _ := cm[p].(map[string]any)
			if g, ok := pm["terminationGracePeriodSeconds"].(int64); ok && r.message != "" {
				period = g
			}
		}
	}
	stop := func(elapsed int64) {
		period -= elapsed
		if period < minimumGracePeriod {
			period = minimumGracePeriod
		}
		l.k.rt.StopContainer(r.status.ID, period, done)
	}
	lc, _ := cm["lifecycle"].(map[string]any)
	preStop, _ := lc["preStop"].(map[string]any)
	if preStop == nil || period <= 0 {
		stop(0)
		return
	}
	elapsed := w.runHook(r.status, preStop, period)
	if elapsed == 0 {
		stop(0)
		return
	}
	l.at(l.now().Add(time.Duration(elapsed)*time.Second), func() { stop(elapsed) })
}

// runHook runs a lifecycle hook in the container and returns how many
// whole seconds it took, at most the grace period: exec and httpGet
// handlers answer at once in the model; sleep takes its seconds.
func (w *podWorker) runHook(c runtime.ContainerStatus, hook map[string]any, period int64) int64 {
	rt := w.l.k.rt
	switch {
	case hook["exec"] != nil:
		e, _ := hook["exec"].(map[string]any)
		var cmd []string
		for _, a := range list(e["command"]) {
			cmd = append(cmd, str(a))
		}
		_, _ = rt.ExecSync(c.ID, cmd)
	case hook["httpGet"] != nil:
		h, _ := hook["httpGet"].(map[string]any)
		port, _ := h["port"].(int64)
		_ = rt.Serve(c.SandboxID, int32(port), str(h["path"]))
	case hook["sleep"] != nil:
		s, _ := hook["sleep"].(map[string]any)
		secs, _ := s["seconds"].(int64)
		return min(secs, period)
	}
	return 0
}
