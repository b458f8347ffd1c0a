package kubelet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// run runs one probe against the container and records it as a PROBE
// event: HTTP GET to the Pod IP (success for a status in [200, 400)),
// a TCP or gRPC connection to it, or a command through the runtime (exit
// code 0). A failure's event carries the kubelet's event reason,
// Unhealthy, and its message: "Readiness probe failed: HTTP probe failed
// with statuscode: 503" (pkg/kubelet/prober/prober.go, pkg/probe/http).
// Simplification: the probe's timeoutSeconds never runs out; answers are
// immediate.
func (m *probeManager) run(pw *probeWorker, c *containerStatus) probeResult {
	l := m.l
	w := pw.w
	rt := l.k.rt
	ev := trace.Event{Time: l.now(), From: l.k.actor, Verb: trace.Probe, Resource: "pods",
		Namespace: w.v.Namespace, Name: w.v.Name}
	ok, output := false, ""
	p := pw.spec
	port := resolvePort(w, pw.container, p.Port)
	t := pw.target(w.sandboxID, w.currentIP(), port)
	addr := t.addr
	ev.Detail = t.detail
	switch p.Handler {
	case "httpGet":
		url := t.url
		a := rt.Serve(w.sandboxID, port, t.path)
		switch {
		case a.Code == 0:
			output = fmt.Sprintf("Get %q: dial tcp %s: connect: %s", url, addr, a.Err)
		case a.Code >= 200 && a.Code < 400:
			ok = true
			ev.Outcome.Code = a.Code
		default:
			ev.Outcome.Code = a.Code
			output = fmt.Sprintf("HTTP probe failed with statuscode: %d", a.Code)
		}
	case "tcpSocket", "grpc":
		if rt.Dial(w.sandboxID, port) {
			ok = true
		} else if p.Handler == "grpc" {
			output = fmt.Sprintf("timeout: failed to connect service %q within 1s: context deadline exceeded", addr)
		} else {
			output = fmt.Sprintf("dial tcp %s: connect: connection refused", addr)
		}
	case "exec":
		ev.To = trace.Runtime(l.k.cfg.Node)
		res, err := rt.ExecSync(runtimeID(c.containerID), p.Command)
		switch {
		case err != nil:
			output = err.Error()
		case res.ExitCode == 0:
			ok = true
		default:
			output = strings.TrimSuffix(res.Stdout+res.Stderr, "\n")
		}
	default:
		ok = true
	}
	if ok {
		l.k.e.Log.Append(ev)
		return resultSuccess
	}
	ev.Outcome.Reason = "Unhealthy"
	ev.Outcome.Message = pw.kind.String() + " probe failed: " + output
	l.k.e.Log.Append(ev)
	return resultFailure
}

// currentIP is the Pod IP of its ready sandbox.
func (w *podWorker) currentIP() string {
	if s, err := w.l.k.rt.PodSandboxStatus(w.sandboxID); err == nil {
		return s.IP
	}
	return ""
}

// resolvePort turns a probe's port, a number or the name of a container
// port, into a number.
func resolvePort(w *podWorker, container string, port any) int32 {
	switch p := port.(type) {
	case int64:
		return int32(p)
	case string:
		for i := range w.v.Containers {
			if w.v.Containers[i].Name != container {
				continue
			}
			for _, cp := range w.v.Containers[i].Ports {
				if cp.Name == p {
					return int32(cp.ContainerPort)
				}
			}
		}
		if n, err := strconv.Atoi(p); err == nil {
			return int32(n)
		}
	}
	return 0
}
