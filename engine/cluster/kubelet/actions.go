package kubelet

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// plan is what a sync does to the runtime (podActions).
type plan struct {
	kill  []killRequest
	start []startRequest
	// backoffUntil is when the earliest crash-loop back-off of a container
	// that must wait ends; zero when none waits.
	backoffUntil sim.Time
	backoff      bool
}

type killRequest struct {
	status  runtime.ContainerStatus
	message string
}

type startRequest struct {
	c    *object.ContainerView
	init bool
}

// computeActions decides what to kill and start (computePodActions): in a
// new sandbox, the first init container, or every container when there is
// none; otherwise the next init container once the previous one succeeded,
// then every container that has not run, and every one that exited and may
// restart (restartPolicy, crash-loop back-off); a running container whose
// image was changed, or whose liveness or startup probe failed, is killed
// and started again.
func (w *podWorker) computeActions(cs []runtime.ContainerStatus, newSandbox bool) plan {
	var p plan
	v := &w.v
	if newSandbox {
		if len(v.InitContainers) > 0 {
			p.start = append(p.start, startRequest{c: &v.InitContainers[0], init: true})
			return p
		}
		for i := range v.Containers {
			p.start = append(p.start, startRequest{c: &v.Containers[i]})
		}
		return p
	}
	for i := range v.InitContainers {
		ic := &v.InitContainers[i]
		s := latestIn(cs, ic.Name, w.sandboxID)
		if s == nil {
			p.start = append(p.start, startRequest{c: ic, init: true})
			return p
		}
		if s.State != runtime.StateExited {
			return p // running, or starting: wait for it
		}
		if s.ExitCode == 0 {
			continue
		}
		if !shouldRestart(v.RestartPolicy, s.ExitCode) {
			return p // the Pod failed
		}
		if w.crashLoopWait(&p, ic, s) {
			return p
		}
		p.start = append(p.start, startRequest{c: ic, init: true})
		return p
	}
	for i := range v.Containers {
		c := &v.Containers[i]
		s := latestIn(cs, c.Name, w.sandboxID)
		switch {
		case s == nil:
			p.start = append(p.start, startRequest{c: c})
		case s.State == runtime.StateRunning:
			msg := ""
			if runtime.Normalize(c.Image) != s.Image {
				// The container's spec changed (its image is the field a
				// Pod update may change): its hash no longer matches.
				msg = fmt.Sprintf("Container %s definition changed", c.Name)
			} else if w.l.probes.failed(w, c.Name, s.ID, probeLiveness) {
				msg = fmt.Sprintf("Container %s failed liveness probe", c.Name)
			} else if w.l.probes.failed(w, c.Name, s.ID, probeStartup) {
				msg = fmt.Sprintf("Container %s failed startup probe", c.Name)
			}
			if msg == "" {
				continue
			}
			restart := v.RestartPolicy != "Never"
			if restart {
				msg += ", will be restarted"
			}
			p.kill = append(p.kill, killRequest{status: *s, message: msg})
			// The restart goes through the same back-off as a crash,
			// measured from the last instance that exited (doBackOff).
			if restart && !w.crashLoopWaitAfter(&p, c, cs, s.ID) {
				p.start = append(p.start, startRequest{c: c})
			}
		case s.State == runtime.StateCreated:
			p.start = append(p.start, startRequest{c: c})
		default: // exited
			if !shouldRestart(v.RestartPolicy, s.ExitCode) {
				continue
			}
			if w.crashLoopWait(&p, c, s) {
				continue
			}
			p.start = append(p.start, startRequest{c: c})
		}
	}
	return p
}

// crashLoopWait is doBackOff: a container that exited restarts at once the
// first time, then only once its back-off since it finished has run out
// (10 s, 20 s, 40 s … 300 s; reset after ten minutes). While it waits, its
// reason is CrashLoopBackOff with kubelet's message.
func (w *podWorker) crashLoopWait(p *plan, c *object.ContainerView, s *runtime.ContainerStatus) bool {
	b := w.l.crashLoop
	key := w.uid + "_" + c.Name + "_" + c.Image
	now := w.l.now()
	if b.inBackOffSince(key, s.FinishedAt, now) {
		d := b.get(key)
		w.setReason(c.Name, reason{err: "CrashLoopBackOff",
			message: fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", d, c.Name, w.formatPod())})
		until := s.FinishedAt.Add(d)
		if !p.backoff || until < p.backoffUntil {
			p.backoff, p.backoffUntil = true, until
		}
		return true
	}
	b.next(key, s.FinishedAt, now)
	return false
}

// crashLoopWaitAfter applies the back-off to a container killed while it
// ran: doBackOff looks at the most recent instance that exited, if any.
func (w *podWorker) crashLoopWaitAfter(p *plan, c *object.ContainerView, cs []runtime.ContainerStatus, running string) bool {
	var prev *runtime.ContainerStatus
	for i := range cs {
		x := &cs[i]
		if x.Name == c.Name && x.ID != running && x.State == runtime.StateExited && (prev == nil || x.CreatedAt >= prev.CreatedAt) {
			prev = x
		}
	}
	return prev != nil && w.crashLoopWait(p, c, prev)
}

// shouldRestart applies the Pod's restartPolicy to a container that exited
// with code (podutil.ContainerShouldRestart without container-level rules).
func shouldRestart(policy string, code int) bool {
	switch policy {
	case "Never":
		return false
	case "OnFailure":
		return code != 0
	}
	return true
}

// latestIn returns the most recently created container called name in the
// sandbox, or nil.
func latestIn(cs []runtime.ContainerStatus, name, sandboxID string) *runtime.ContainerStatus {
	var out *runtime.ContainerStatus
	for i := range cs {
		c := &cs[i]
		if c.Name == name && c.SandboxID == sandboxID && (out == nil || c.CreatedAt >= out.CreatedAt) {
			out = c
		}
	}
	return out
}

// latest returns the most recently created container called name in any of
// the Pod's sandboxes, or nil.
func latest(cs []runtime.ContainerStatus, name string) *runtime.ContainerStatus {
	var out *runtime.ContainerStatus
	for i := range cs {
		c := &cs[i]
		if c.Name == name && (out == nil || c.CreatedAt >= out.CreatedAt) {
			out = c
		}
	}
	return out
}
