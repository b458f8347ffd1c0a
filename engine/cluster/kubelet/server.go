package kubelet

import (
	"net/http"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// Serve answers a request the API server sends to the kubelet's server
// (port 10250): container logs, exec, attach and port-forward
// (pkg/kubelet/server/server.go). It fails with the dialer's error while
// the node is down. The kubelet answers from what it knows of the Pod —
// its status — and reads logs and runs commands through the runtime.
func (k *Kubelet) Serve(req apiserver.ProxyRequest) ([]byte, error) {
	l := k.l
	if l == nil {
		return nil, errNoRoute(req.Address)
	}
	var w *podWorker
	for _, x := range l.order {
		if x.v.Namespace == req.Namespace && x.v.Name == req.Pod {
			w = x
		}
	}
	switch req.Subresource {
	case "log":
		if w == nil {
			return nil, badRequest("pod " + quote(req.Pod) + " cannot be found - no logs available")
		}
		return w.logs(req.Pod, req.Container, LogOptions{TailLines: req.Options.TailLines})
	case "exec", "attach":
		if w == nil {
			return nil, &api.Status{Code: http.StatusNotFound, Reason: api.ReasonNotFound, Message: "pod does not exist"}
		}
		return w.exec(req)
	case "portforward":
		if w == nil {
			return nil, &api.Status{Code: http.StatusNotFound, Reason: api.ReasonNotFound, Message: "pod does not exist"}
		}
		var out []byte
		for _, p := range req.Options.Ports {
			a := k.rt.Serve(w.sandboxID, p, "/")
			if a.Code == 0 {
				return nil, internalError("error forwarding port " + itoa(int64(p)) + " to pod " + w.sandboxID + ", uid : failed to execute portforward in network namespace: failed to connect to localhost:" + itoa(int64(p)) + " inside namespace: connection refused")
			}
			out = append(out, "Forwarding from 127.0.0.1:"+itoa(int64(p))+" -> "+itoa(int64(p))+"\n"...)
		}
		return out, nil
	}
	return nil, &api.Status{Code: http.StatusNotFound, Reason: api.ReasonNotFound, Message: "404 page not found"}
}

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
		return nil, errNoRoute(k.cfg.InternalIP + ":" + itoa(KubeletPort))
	}
	for _, w := range l.order {
		if w.v.Namespace == namespace && w.v.Name == pod {
			return w.logs(pod, container, opts)
		}
	}
	return nil, badRequest("pod " + quote(pod) + " cannot be found - no logs available")
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
		return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is not available")
	}
	var id string
	switch {
	case opts.Previous:
		if st.lastState.kind != stateTerminated || st.lastState.containerID == "" {
			return nil, badRequest("previous terminated container " + quote(req.Container) + " in pod " + quote(req.Pod) + " not found")
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
			return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is terminated")
		}
	case st.lastState.kind == stateTerminated:
		if st.lastState.containerID == "" {
			return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is terminated")
		}
		id = st.lastState.containerID
	case st.state.kind == stateWaiting:
		switch st.state.reason {
		case errImagePull:
			return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is waiting to start: image can't be pulled")
		case errImagePullBackOff:
			return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is waiting to start: trying and failing to pull image")
		}
		return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is waiting to start: " + st.state.reason)
	default:
		return nil, badRequest("container " + quote(req.Container) + " in pod " + quote(req.Pod) + " is waiting to start - no logs yet")
	}
	lines, err := w.l.k.rt.ContainerLogs(strings.TrimPrefix(id, "containerd://"), runtime.LogOptions{TailLines: opts.TailLines})
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

// exec serves POST /exec/NS/POD/CONTAINER: the command runs through the
// runtime (the CRI's Exec, whose stream the kubelet proxies); its output is
// the answer. A container that does not run cannot be found
// (kubelet.GetExec); a command that exits non-zero fails the way the
// remote command protocol reports it.
func (w *podWorker) exec(req apiserver.ProxyRequest) ([]byte, error) {
	rt := w.l.k.rt
	var id string
	for _, c := range rt.ListContainers(nil, w.uid) {
		if c.Name == req.Container && c.State == runtime.StateRunning {
			id = c.ID
		}
	}
	if id == "" {
		return nil, internalError("container not found (" + quote(req.Container) + ")")
	}
	if req.Subresource == "attach" {
		lines, _ := rt.ContainerLogs(id, runtime.LogOptions{})
		var b strings.Builder
		for _, l := range lines {
			b.WriteString(l.Text + "\n")
		}
		return []byte(b.String()), nil
	}
	res, err := rt.ExecSync(id, req.Options.Command)
	if err != nil {
		return nil, internalError("error executing command in container: " + err.Error())
	}
	if res.ExitCode != 0 {
		return nil, &api.Status{Code: http.StatusInternalServerError, Reason: "NonZeroExitCode",
			Message: "command terminated with non-zero exit code: error executing command " + commandString(req.Options.Command) +
				", exit code " + itoa(int64(res.ExitCode))}
	}
	return []byte(res.Stdout + res.Stderr), nil
}

// commandString prints a command as Go prints a []string.
func commandString(cmd []string) string { return "[" + strings.Join(cmd, " ") + "]" }

func badRequest(msg string) *api.Status { return api.NewBadRequest(msg) }

func internalError(msg string) *api.Status {
	return &api.Status{Code: http.StatusInternalServerError, Reason: api.ReasonInternalError, Message: msg}
}

// errNoRoute is the dialer's error for a node that is off: its address does
// not answer ARP, and the connection fails with EHOSTUNREACH.
func errNoRoute(addr string) error {
	return dialError("dial tcp " + addr + ": connect: no route to host")
}

type dialError string

func (e dialError) Error() string { return string(e) }

func quote(s string) string { return `"` + s + `"` }

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
