package runtime

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ContainerState is a container's state (ContainerState of the CRI).
type ContainerState uint8

// The container states.
const (
	StateCreated ContainerState = iota + 1
	StateRunning
	StateExited
)

var stateNames = [...]string{StateCreated: "CONTAINER_CREATED", StateRunning: "CONTAINER_RUNNING", StateExited: "CONTAINER_EXITED"}

// String returns the CRI's name of the state.
func (s ContainerState) String() string {
	if int(s) < len(stateNames) && stateNames[s] != "" {
		return stateNames[s]
	}
	return "CONTAINER_UNKNOWN"
}

// The reasons containerd gives an exited container
// (internal/cri/server/container_status.go: completeExitReason,
// errorExitReason, oomExitReason).
const (
	reasonCompleted = "Completed"
	reasonError     = "Error"
	reasonOOMKilled = "OOMKilled"
)

// ContainerConfig is what the kubelet asks a container to be.
type ContainerConfig struct {
	Name string
	// Image is the image as the Pod spec names it.
	Image string
	// Attempt is the container's restart count: the kubelet's number for
	// this instance of the container (0 for the first).
	Attempt       int
	Command, Args []string
	// Env is the container's environment, captured at creation.
	Env []EnvVar
	// Mounts are the files the kubelet projected into the container
	// (ConfigMap, Secret and ServiceAccount token volumes).
	Mounts []Mount
	// Ports are the container's declared ports.
	Ports []int32
}

// EnvVar is one environment variable.
type EnvVar struct{ Name, Value string }

// Mount is a directory of files mounted into a container.
type Mount struct {
	Path  string
	Files map[string]string // file name → content
}

// ContainerStatus is what ContainerStatus and ListContainers report.
type ContainerStatus struct {
	ID, SandboxID string
	PodUID        string
	Name          string
	Attempt       int
	// Image is the normalized reference ("docker.io/library/web:v1");
	// ImageRef the digested one the kubelet shows as imageID.
	Image, ImageRef string
	State           ContainerState
	CreatedAt       sim.Time
	StartedAt       sim.Time // zero until it runs
	FinishedAt      sim.Time // zero until it exits
	ExitCode        int
	Reason, Message string
}

// container is one container instance.
type container struct {
	rt         *Runtime
	sb         *sandbox
	id         string
	cfg        ContainerConfig
	image      *Image
	imageName  string // normalized
	imageRef   string // digested
	state      ContainerState
	created    sim.Time
	started    sim.Time
	finished   sim.Time
	exitCode   int
	reason     string
	log        *logFile
	exitTimer  *sim.Timer // the image's own exit
	startTimer *sim.Timer
	startDone  func(error) // StartContainer's callback while it runs
	stopTimer  *sim.Timer
	stopDone   []func()
}

func (c *container) status() ContainerStatus {
	return ContainerStatus{
		ID: c.id, SandboxID: c.sb.id, PodUID: c.sb.cfg.UID, Name: c.cfg.Name, Attempt: c.cfg.Attempt,
		Image: c.imageName, ImageRef: c.imageRef, State: c.state,
		CreatedAt: c.created, StartedAt: c.started, FinishedAt: c.finished,
		ExitCode: c.exitCode, Reason: c.reason,
	}
}

// listening reports whether the container's process accepts connections:
// it runs, and its image's ReadyAfter has passed.
func (c *container) listening(now sim.Time) bool {
	return c.state == StateRunning && now.Sub(c.started) >= c.image.ReadyAfter
}

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

// run makes a created container's process run.
func (c *container) run() {
	r := c.rt
	now := r.cfg.Loop.Now()
	c.state, c.started = StateRunning, now
	for _, line := range c.image.Logs {
		c.log.write(now, line)
	}
	if c.image.Exits {
		c.exitTimer = r.after(c.image.ExitAfter, func() {
			c.exitTimer = nil
			if c.image.OOMKilled {
				c.exit(137, reasonOOMKilled, "")
			} else {
				c.exit(c.image.ExitCode, "", "")
			}
		})
	}
	r.changed(c.sb.cfg.UID)
}

// exit ends a running (or starting) container's process with code; the
// reason defaults to containerd's Completed or Error.
func (c *container) exit(code int, reason, _ string) {
	if c.state == StateExited {
		return
	}
	if reason == "" {
		reason = reasonError
		if code == 0 {
			reason = reasonCompleted
		}
	}
	c.stopTimers()
	c.state, c.exitCode, c.reason = StateExited, code, reason
	c.finished = c.rt.cfg.Loop.Now()
	c.rt.changed(c.sb.cfg.UID)
	done := c.stopDone
	c.stopDone = nil
	for _, fn := range done {
		fn()
	}
}

// stopTimers cancels what the container was waiting for; a StartContainer
// still running fails.
func (c *container) stopTimers() {
	for _, t := range [...]*sim.Timer{c.exitTimer, c.startTimer, c.stopTimer} {
		if t != nil {
			t.Stop()
		}
	}
	c.exitTimer, c.startTimer, c.stopTimer = nil, nil, nil
	if done := c.startDone; done != nil {
		c.startDone = nil
		done(errorf(Unknown, "failed to start containerd task %q: container was stopped while starting", c.id))
	}
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

// Crash makes the running container name of the Pod namespace/pod exit
// with code 1, as a process that crashed (the `crash container` fault).
// It fails when no such container runs.
func (r *Runtime) Crash(namespace, pod, name string) error {
	if !r.up {
		return errDown()
	}
	for _, s := range r.sortedSandboxes() {
		if s.cfg.Namespace != namespace || s.cfg.Name != pod {
			continue
		}
		for _, c := range s.containers {
			if c.cfg.Name == name && c.state == StateRunning {
				c.exit(1, reasonError, "")
				return nil
			}
		}
	}
	return errorf(NotFound, "no running container %q in pod %s/%s", name, namespace, pod)
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

func (r *Runtime) sortedSandboxes() []*sandbox {
	all := make([]*sandbox, 0, len(r.sandboxes))
	for _, s := range r.sandboxes {
		all = append(all, s)
	}
	sortSandboxes(all)
	return all
}
