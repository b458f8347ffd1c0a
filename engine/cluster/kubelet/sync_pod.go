package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// sync is one pass of the pod worker: SyncPod for a Pod that should run,
// the termination for one being deleted or finished (pkg/kubelet/kubelet.go,
// SyncPod, SyncTerminatingPod, SyncTerminatedPod).
func (w *podWorker) sync() {
	l := w.l
	switch {
	case w.rejected:
		return
	case w.terminated:
		// A Pod that finished on its own and is then deleted gracefully:
		// the status manager deletes it (its batch sync checks
		// canBeDeleted for every Pod).
		if w.v.Deleting && w.finished {
			l.status.deleteIfFinished(w)
		}
		return
	case w.v.Deleting || w.killRequested:
		w.terminate()
		return
	}
	status := l.generateStatus(w, false)
	l.status.set(w, status)
	if status.terminal() {
		// The Pod reached a terminal phase (restartPolicy Never or
		// OnFailure): it terminates without being deleted.
		w.terminate()
		return
	}
	if !w.mounted && !w.mountVolumes() {
		w.requeue(backOffPeriod)
		return
	}
	if !w.probesAdded {
		w.probesAdded = true
		l.probes.addPod(w)
	}
	w.syncRuntime()
}

// syncRuntime is the container runtime manager's SyncPod
// (pkg/kubelet/kuberuntime/kuberuntime_manager.go): create the sandbox if
// the Pod has none ready, then kill what must go and start what must run,
// and record why containers could not start.
func (w *podWorker) syncRuntime() {
	l := w.l
	rt := l.k.rt
	sandboxes := rt.ListPodSandbox(w.uid)
	newSandbox, attempt := sandboxChanged(sandboxes)
	if newSandbox {
		cfg := w.sandboxConfig(attempt)
		id, err := rt.RunPodSandbox(cfg)
		if err != nil {
			// CreatePodSandboxError: the sync fails and is retried.
			w.requeue(backOffPeriod)
			return
		}
		w.sandboxID = id
		l.status.sandboxReady(w)
	} else {
		w.sandboxID = sandboxes[len(sandboxes)-1].ID
	}
	w.scratch = rt.ListContainers(w.scratch[:0], w.uid)
	plan := w.computeActions(w.scratch, newSandbox)
	w.execute(plan)
}

// sandboxChanged is PodSandboxChanged (pkg/kubelet/kuberuntime/util): a
// new sandbox is needed when there is none, or when the latest is not
// ready; its attempt follows the latest's.
func sandboxChanged(sandboxes []runtime.SandboxStatus) (bool, int) {
	if len(sandboxes) == 0 {
		return true, 0
	}
	latest := sandboxes[len(sandboxes)-1]
	if latest.State != runtime.SandboxReady || latest.IP == "" {
		return true, latest.Config.Attempt + 1
	}
	return false, latest.Config.Attempt
}

func (w *podWorker) sandboxConfig(attempt int) runtime.PodSandboxConfig {
	host, _ := w.pod.Spec()["hostname"].(string)
	if host == "" {
		host = w.v.Name
	}
	return runtime.PodSandboxConfig{Name: w.v.Name, Namespace: w.v.Namespace, UID: w.uid, Attempt: attempt, Hostname: host}
}
