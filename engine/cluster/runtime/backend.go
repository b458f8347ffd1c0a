package runtime

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/network"
)

// Serve answers an HTTP request to the sandbox's Pod IP: the container
// that declares port answers (or, when none declares it, the first
// running container), from its image's HTTP answers. A Pod with no running
// container, or whose container does not listen yet, refuses the
// connection. Sandboxes implement network.Backend.
func (s *sandbox) Serve(port int32, path string) network.Answer {
	c := s.listener(port)
	if c == nil {
		return network.Answer{Err: "connection refused"}
	}
	a := c.answer(path)
	return network.Answer{Code: a.Status, Body: a.Body}
}

// listener returns the container accepting connections on port, or nil.
func (s *sandbox) listener(port int32) *container {
	if !s.rt.up || s.state != SandboxReady {
		return nil
	}
	now := s.rt.cfg.Loop.Now()
	var first *container
	for _, c := range s.containers {
		if c.state != StateRunning {
			continue
		}
		if slices.Contains(c.cfg.Ports, port) {
			if c.listening(now) {
				return c
			}
			return nil
		}
		if first == nil {
			first = c
		}
	}
	if first != nil && first.listening(now) {
		return first
	}
	return nil
}

// Serve answers an HTTP request to port of the sandbox id, as a request
// from the node itself to the Pod IP (the kubelet's HTTP probes).
func (r *Runtime) Serve(sandboxID string, port int32, path string) network.Answer {
	s, ok := r.sandboxes[sandboxID]
	if !ok {
		return network.Answer{Err: "no route to host"}
	}
	return s.Serve(port, path)
}

// Dial reports whether a TCP connection to port of the sandbox id would be
// accepted (the kubelet's TCP and gRPC probes).
func (r *Runtime) Dial(sandboxID string, port int32) bool {
	s, ok := r.sandboxes[sandboxID]
	return ok && s.listener(port) != nil
}
