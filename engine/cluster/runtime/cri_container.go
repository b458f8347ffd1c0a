package runtime

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// CreateContainer creates a container in a ready sandbox from an image the
// node has. Simplification: it is instantaneous.
func (r *Runtime) CreateContainer(sandboxID string, cfg ContainerConfig) (string, error) {
	if !r.up {
		return "", errDown()
	}
	s, ok := r.sandboxes[sandboxID]
	if !ok {
		return "", errorf(NotFound, "failed to get sandbox %q: not found", sandboxID)
	}
	detail := cfg.Name
	if s.state != SandboxReady {
		err := errorf(Unknown, "failed to create containerd container: sandbox %q is not running", sandboxID)
		r.cri(trace.CRICreateContainer, &s.cfg, detail, err)
		return "", err
	}
	name := Normalize(cfg.Image)
	img, ok := r.images[name]
	if !ok {
		err := errorf(NotFound, "failed to resolve image %q: not found", name)
		r.cri(trace.CRICreateContainer, &s.cfg, detail, err)
		return "", err
	}
	c := &container{rt: r, sb: s, id: r.newID(), cfg: cfg, image: img.behaviour, imageName: name,
		imageRef: img.ref, state: StateCreated, created: r.cfg.Loop.Now()}
	c.log = r.logFor(s.cfg.UID, cfg.Name, cfg.Attempt)
	r.containers[c.id] = c
	s.containers = append(s.containers, c)
	r.cri(trace.CRICreateContainer, &s.cfg, detail, nil)
	r.changed(s.cfg.UID)
	return c.id, nil
}

// StartContainer starts a created container. done is called when the call
// returns, the image's StartDuration later: with nil once the container
// runs, or with the failure. The container then writes its image's log
// lines, starts listening after ReadyAfter, and exits after ExitAfter if
// its image exits.
func (r *Runtime) StartContainer(id string, done func(error)) {
	if !r.up {
		done(errDown())
		return
	}
	c, ok := r.containers[id]
	if !ok {
		done(errorf(NotFound, "an error occurred when try to find container %q: not found", id))
		return
	}
	if c.state != StateCreated {
		err := errorf(Unknown, "failed to start containerd task %q: container is in %s state", id, c.state)
		r.cri(trace.CRIStartContainer, &c.sb.cfg, c.cfg.Name, err)
		done(err)
		return
	}
	r.cri(trace.CRIStartContainer, &c.sb.cfg, c.cfg.Name, nil)
	c.startDone = done
	c.startTimer = r.after(c.image.StartDuration, func() {
		c.startTimer, c.startDone = nil, nil
		c.run()
		done(nil)
	})
}

// StopContainer stops a container: SIGTERM, then SIGKILL once timeout
// seconds have passed (containerd internal/cri/server/container_stop.go;
// a timeout of 0 kills at once). The process exits StopDuration after
// SIGTERM with code 0, or at the SIGKILL with code 137. done is called
// when the container has exited; at once if it was not running.
func (r *Runtime) StopContainer(id string, timeout int64, done func()) {
	if !r.up {
		done()
		return
	}
	c, ok := r.containers[id]
	if !ok {
		done()
		return
	}
	r.cri(trace.CRIStopContainer, &c.sb.cfg, c.cfg.Name, nil)
	switch c.state {
	case StateExited:
		done()
		return
	case StateCreated:
		// A container never started (or still starting) just ends.
		c.exit(0, "", "")
		done()
		return
	}
	c.stopDone = append(c.stopDone, done)
	if c.stopTimer != nil {
		return // already stopping; the first timeout stands
	}
	grace := time.Duration(timeout) * time.Second
	if c.image.StopDuration < grace {
		c.stopTimer = r.after(c.image.StopDuration, func() { c.stopTimer = nil; c.exit(0, "", "") })
	} else {
		c.stopTimer = r.after(grace, func() { c.stopTimer = nil; c.exit(137, reasonError, "") })
	}
}

// RemoveContainer removes a container that is not running (a running one
// is killed first, as the CRI allows).
func (r *Runtime) RemoveContainer(id string) error {
	if !r.up {
		return errDown()
	}
	c, ok := r.containers[id]
	if !ok {
		return nil
	}
	r.cri(trace.CRIRemoveContainer, &c.sb.cfg, c.cfg.Name, nil)
	if c.state != StateExited {
		c.exit(137, reasonError, "")
	}
	delete(r.containers, id)
	s := c.sb
	for i, x := range s.containers {
		if x == c {
			s.containers = append(s.containers[:i:i], s.containers[i+1:]...)
			break
		}
	}
	r.changed(s.cfg.UID)
	return nil
}

// ContainerStatus reports a container.
func (r *Runtime) ContainerStatus(id string) (ContainerStatus, error) {
	if !r.up {
		return ContainerStatus{}, errDown()
	}
	c, ok := r.containers[id]
	if !ok {
		return ContainerStatus{}, errorf(NotFound, "an error occurred when try to find container %q: not found", id)
	}
	return c.status(), nil
}

// ListContainers lists the containers of every sandbox of the Pod uid, in
// creation order, appending them to dst.
func (r *Runtime) ListContainers(dst []ContainerStatus, uid string) []ContainerStatus {
	if !r.up {
		return dst
	}
	for _, s := range r.byPod[uid] {
		for _, c := range s.containers {
			dst = append(dst, c.status())
		}
	}
	return dst
}

// ContainerCPU returns a running container's CPU usage in millicores, from
// its image.
func (r *Runtime) ContainerCPU(id string) (int64, bool) {
	c, ok := r.containers[id]
	if !ok || !r.up || c.state != StateRunning {
		return 0, false
	}
	return c.image.CPUMillis, true
}
