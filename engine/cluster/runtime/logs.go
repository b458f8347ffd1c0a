package runtime

import "github.com/loopbook/loopbook/engine/cluster/sim"

// logKey names a container log file, as the kubelet lays them out:
// /var/log/pods/NAMESPACE_NAME_UID/CONTAINER/ATTEMPT.log
// (pkg/kubelet/kuberuntime/helpers.go, BuildContainerLogsDirectory).
type logKey struct {
	uid, container string
	attempt        int
}

// logFile is one container instance's log: lines in the order written.
// Log files are on the node's disk: they survive a reboot.
type logFile struct {
	lines []LogLine
}

// LogLine is one line a container wrote, with the virtual instant it
// was written.
type LogLine struct {
	Time sim.Time
	// Stream is "stdout" or "stderr".
	Stream string
	Text   string
}

func (f *logFile) write(t sim.Time, text string) {
	f.lines = append(f.lines, LogLine{Time: t, Stream: "stdout", Text: text})
}

func (r *Runtime) logFor(uid, name string, attempt int) *logFile {
	k := logKey{uid, name, attempt}
	f, ok := r.logs[k]
	if !ok {
		f = &logFile{}
		r.logs[k] = f
	}
	return f
}

// LogOptions select the lines ContainerLogs returns.
type LogOptions struct {
	// TailLines keeps only the last N lines; nil keeps all.
	TailLines *int64
	// Since keeps the lines written at or after this instant; 0 keeps all.
	Since sim.Time
}

// ContainerLogs reads a container's log file. It fails when the
// container is unknown.
func (r *Runtime) ContainerLogs(id string, opts LogOptions) ([]LogLine, error) {
	if !r.up {
		return nil, errDown()
	}
	c, ok := r.containers[id]
	if !ok {
		return nil, errorf(NotFound, "an error occurred when try to find container %q: not found", id)
	}
	lines := c.log.lines
	if opts.Since > 0 {
		i := 0
		for i < len(lines) && lines[i].Time < opts.Since {
			i++
		}
		lines = lines[i:]
	}
	if opts.TailLines != nil && int64(len(lines)) > *opts.TailLines {
		lines = lines[int64(len(lines))-max(*opts.TailLines, 0):]
	}
	return append([]LogLine(nil), lines...), nil
}

// LastAttempt returns the highest attempt number among the log files of
// container name of the Pod uid: after a reboot the runtime has forgotten
// the Pod's containers, and the kubelet restarts the count from the log
// directory (pkg/kubelet/kuberuntime/kuberuntime_container.go,
// calcRestartCountByLogDir). ok is false when there is no log file.
func (r *Runtime) LastAttempt(uid, name string) (attempt int, ok bool) {
	for k := range r.logs {
		if k.uid == uid && k.container == name && (!ok || k.attempt > attempt) {
			attempt, ok = k.attempt, true
		}
	}
	return attempt, ok
}

// WriteLog appends a line to a running container's log, as its process
// would (scenarios use it for application output).
func (r *Runtime) WriteLog(id, text string) error {
	c, ok := r.containers[id]
	if !ok || c.state != StateRunning {
		return errorf(NotFound, "container %q is not running", id)
	}
	c.log.write(r.cfg.Loop.Now(), text)
	return nil
}
