package kubelet

import (
	"net/http"
	"strconv"
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
			return nil, badRequest("pod " + strconv.Quote(req.Pod) + " cannot be found - no logs available")
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
				return nil, internalError("error forwarding port " + strconv.Itoa(int(p)) + " to pod " + w.sandboxID + ", uid : failed to execute portforward in network namespace: failed to connect to localhost:" + strconv.Itoa(int(p)) + " inside namespace: connection refused")
			}
			out = append(out, "Forwarding from 127.0.0.1:"+strconv.Itoa(int(p))+" -> "+strconv.Itoa(int(p))+"\n"...)
		}
		return out, nil
	}
	return nil, &api.Status{Code: http.StatusNotFound, Reason: api.ReasonNotFound, Message: "404 page not found"}
}

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
		return nil, internalError("container not found (" + strconv.Quote(req.Container) + ")")
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
				", exit code " + strconv.Itoa(int(res.ExitCode))}
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
