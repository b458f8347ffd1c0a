package kubelet

import (
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// LogOptions are the options of a container log read (v1.PodLogOptions).
type LogOptions struct {
	// Previous reads the previous instance of the container.
	Previous bool
	// Timestamps prefixes each line with the time it was written.
	Timestamps bool
	// TailLines keeps the last lines only; nil keeps all.
	TailLines *int64
}

// ContainerLogs reads a container's log as the kubelet's server does for
// GET /containerLogs/NS/POD/CONTAINER, with every option of the log
// subresource (the API server's ProxyRequest carries only some of them).
func (k *Kubelet) ContainerLogs(namespace, pod, container string, opts LogOptions) ([]byte, error) {
	l := k.l
	if l == nil {
		return nil, errNoRoute(k.cfg.InternalIP + ":" + strconv.Itoa(KubeletPort))
	}
	for _, w := range l.order {
		if w.v.Namespace == namespace && w.v.Name == pod {
			return w.logs(pod, container, opts)
		}
	}
	return nil, badRequest("pod " + strconv.Quote(pod) + " cannot be found - no logs available")
}

// logs serves a log read (GetKubeletContainerLogs): the container to read
// is picked from the Pod's status as validateContainerLogStatus does, with
// its messages for a container that has no logs yet; each line is printed
// as written, or prefixed with its RFC 3339 timestamp (nanoseconds) when
// timestamps are asked for.
func (w *podWorker) logs(pod, container string, opts LogOptions) ([]byte, error) {
	req := struct{ Pod, Container string }{pod, container}
	status := w.l.status.previous(w)
	st := findStatus(status.statuses, req.Container)
	if st == nil {
		st = findStatus(status.initStatuses, req.Container)
	}
	if st == nil {
		return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is not available")
	}
	var id string
	switch {
	case opts.Previous:
		if st.lastState.kind != stateTerminated || st.lastState.containerID == "" {
			return nil, badRequest("previous terminated container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " not found")
		}
		id = st.lastState.containerID
	case st.state.kind == stateRunning:
		id = st.containerID
	case st.state.kind == stateTerminated:
		id = st.state.containerID
		if id == "" {
			id = st.lastState.containerID
		}
		if id == "" {
			return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is terminated")
		}
	case st.lastState.kind == stateTerminated:
		if st.lastState.containerID == "" {
			return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is terminated")
		}
		id = st.lastState.containerID
	case st.state.kind == stateWaiting:
		switch st.state.reason {
		case errImagePull:
			return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is waiting to start: image can't be pulled")
		case errImagePullBackOff:
			return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is waiting to start: trying and failing to pull image")
		}
		return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is waiting to start: " + st.state.reason)
	default:
		return nil, badRequest("container " + strconv.Quote(req.Container) + " in pod " + strconv.Quote(req.Pod) + " is waiting to start - no logs yet")
	}
	lines, err := w.l.k.rt.ContainerLogs(runtimeID(id), runtime.LogOptions{TailLines: opts.TailLines})
	if err != nil {
		return nil, internalError(err.Error())
	}
	var b strings.Builder
	for _, line := range lines {
		if opts.Timestamps {
			b.WriteString(line.Time.Wall().Format(logTimestamp) + " ")
		}
		b.WriteString(line.Text)
		b.WriteByte('\n')
	}
	return []byte(b.String()), nil
}

// logTimestamp is the timestamp format of kubectl logs --timestamps
// (pkg/kubelet/kuberuntime/logs/logs.go, timeFormatOut = RFC3339Nano with
// fixed nine digits).
const logTimestamp = "2006-01-02T15:04:05.000000000Z07:00"
