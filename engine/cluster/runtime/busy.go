package runtime

import "github.com/loopbook/loopbook/engine/cluster/sim"

// Busy reports whether the runtime has work in flight whose end shows in
// the trace or in a probe: an image pull, a container starting or
// stopping (a grace period running out included), or a running container
// whose process does not listen yet (its image's ReadyAfter). A process
// that will exit by itself (ExitAfter) is not work in flight: like
// traffic, it is the workload's doing. A node that is down is never busy.
// Settling a cluster waits while a runtime is busy (cluster.Settle).
func (r *Runtime) Busy() bool {
	if !r.up {
		return false
	}
	now := r.cfg.Loop.Now()
	if now < r.pullsEnd {
		return true
	}
	// Map order does not matter: the answer is one bit.
	for _, c := range r.containers {
		if c.startTimer != nil || c.stopTimer != nil || c.state == StateRunning && !c.listening(now) {
			return true
		}
	}
	return false
}

// ListeningSince returns when container id's process began to accept
// connections (its start plus its image's ReadyAfter), and false when the
// container is unknown, not running or not listening yet. A probe that
// last ran before that instant has a change still to see (see
// kubelet.Kubelet.Busy).
func (r *Runtime) ListeningSince(id string) (sim.Time, bool) {
	c, ok := r.containers[id]
	if !ok || !c.listening(r.cfg.Loop.Now()) {
		return 0, false
	}
	return c.started.Add(c.image.ReadyAfter), true
}
