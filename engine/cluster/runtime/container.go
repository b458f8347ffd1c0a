package runtime

import (
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

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
