package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// execute carries a plan out as one step of the worker: the kills (all at
// once, each with its grace period), then the starts one after the other,
// as SyncPod does; an init container that fails to start stops the step.
// When it is done the reason cache is updated with each start's result and
// the Pod is requeued after a failure: at the end of a crash-loop back-off,
// or after the pod worker's back-off period.
func (w *podWorker) execute(p plan) {
	if len(p.kill) == 0 && len(p.start) == 0 {
		w.finishSync(p, false)
		return
	}
	w.begin()
	w.killAll(p.kill, func() {
		w.startNext(p, 0, false)
	})
}

// startNext starts p.start[i:], one at a time. A Pod marked for deletion
// meanwhile starts nothing more: the pod worker cancels the sync in flight
// (pod_workers.go, the sync context's cancel).
func (w *podWorker) startNext(p plan, i int, failed bool) {
	if w.l.stopped {
		return
	}
	if i < len(p.start) && (w.v.Deleting || w.killRequested) {
		i = len(p.start)
	}
	if i == len(p.start) {
		w.end()
		w.finishSync(p, failed)
		return
	}
	req := p.start[i]
	w.startContainer(req.c, func(ok bool) {
		if !ok {
			failed = true
			if req.init {
				i = len(p.start) - 1
			}
		}
		w.startNext(p, i+1, failed)
	})
}

// finishSync is completeWork: requeue after a failure.
func (w *podWorker) finishSync(p plan, failed bool) {
	switch {
	case p.backoff:
		w.requeueAt(p.backoffUntil)
	case failed:
		w.requeue(backOffPeriod)
	}
}

// startContainer is startContainer of kuberuntime_container.go: make sure
// the image is there, create the container with its restart count, its
// environment and mounts, and start it. done tells whether it started; a
// failure is kept in the reason cache as the container's waiting reason.
func (w *podWorker) startContainer(c *object.ContainerView, done func(ok bool)) {
	l := w.l
	rt := l.k.rt
	sandbox := w.sandboxConfig(0)
	if s, err := rt.PodSandboxStatus(w.sandboxID); err == nil {
		sandbox = s.Config
	}
	l.images.ensure(w, c, sandbox, func(res imageResult) {
		if l.stopped {
			return
		}
		if res.reason != "" {
			w.setReason(c.Name, reason{err: res.reason, message: res.message})
			done(false)
			return
		}
		if w.v.Deleting || w.killRequested {
			done(false) // canceled while the image was pulled
			return
		}
		env, err := w.containerEnv(c)
		if err != "" {
			w.setReason(c.Name, reason{err: "CreateContainerConfigError", message: err})
			done(false)
			return
		}
		cfg := runtime.ContainerConfig{Name: c.Name, Image: c.Image, Attempt: w.restartCount(c.Name),
			Command: c.Command, Args: c.Args, Env: env, Mounts: w.containerMounts(c), Ports: ports(c)}
		id, cerr := rt.CreateContainer(w.sandboxID, cfg)
		if cerr != nil {
			w.setReason(c.Name, reason{err: "CreateContainerError", message: cerr.Error()})
			done(false)
			return
		}
		rt.StartContainer(id, func(err error) {
			if l.stopped {
				return
			}
			if err != nil {
				w.setReason(c.Name, reason{err: "RunContainerError", message: err.Error()})
				done(false)
				return
			}
			delete(w.reasons, c.Name)
			done(true)
		})
	})
}

// restartCount is the new container's restart count: one more than the
// latest instance's, or, when the runtime has none (after a reboot), one
// more than the highest log file's (calcRestartCountByLogDir), else 0.
func (w *podWorker) restartCount(name string) int {
	rt := w.l.k.rt
	if s := latest(w.scratch, name); s != nil {
		return s.Attempt + 1
	}
	if n, ok := rt.LastAttempt(w.uid, name); ok {
		return n + 1
	}
	return 0
}

func ports(c *object.ContainerView) []int32 {
	if len(c.Ports) == 0 {
		return nil
	}
	out := make([]int32, len(c.Ports))
	for i, p := range c.Ports {
		out[i] = int32(p.ContainerPort)
	}
	return out
}
