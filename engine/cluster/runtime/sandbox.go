package runtime

import (
	"cmp"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// PodSandboxConfig is what the kubelet says about a Pod when it asks for
// its sandbox (PodSandboxMetadata and hostname of the CRI's
// PodSandboxConfig).
type PodSandboxConfig struct {
	Name, Namespace, UID string
	// Attempt counts the sandboxes the kubelet created for the Pod before
	// this one.
	Attempt  int
	Hostname string
}

// SandboxState is a sandbox's state (PodSandboxState).
type SandboxState uint8

// The sandbox states.
const (
	SandboxReady SandboxState = iota + 1
	SandboxNotReady
)

// String returns the CRI's name of the state.
func (s SandboxState) String() string {
	if s == SandboxReady {
		return "SANDBOX_READY"
	}
	return "SANDBOX_NOTREADY"
}

// SandboxStatus is what PodSandboxStatus and ListPodSandbox report.
type SandboxStatus struct {
	ID        string
	Config    PodSandboxConfig
	State     SandboxState
	IP        string // "" once the network is torn down
	CreatedAt sim.Time
}

// sandbox is one Pod sandbox: its network namespace, its IP, and the
// containers created in it.
type sandbox struct {
	rt         *Runtime
	id         string
	cfg        PodSandboxConfig
	state      SandboxState
	ip         netip.Addr
	ipText     string // ip as text, "" while it has none
	created    sim.Time
	containers []*container // in creation order
}

func (s *sandbox) status() SandboxStatus {
	st := SandboxStatus{ID: s.id, Config: s.cfg, State: s.state, CreatedAt: s.created}
	st.IP = s.ipText
	return st
}

// RunPodSandbox creates and starts a Pod's sandbox and sets up its network:
// the CNI plugin is called inside the call, as containerd calls it
// (internal/cri/server/sandbox_run.go), and the Pod IP it allocates is
// registered with the data plane. Simplification: it is instantaneous.
func (r *Runtime) RunPodSandbox(cfg PodSandboxConfig) (string, error) {
	if !r.up {
		return "", errDown()
	}
	ip, ok := r.ipam.allocate()
	if !ok {
		// host-local's error when the range is used up.
		err := errorf(Unknown, "failed to setup network for sandbox: plugin type=\"host-local\" failed (add): failed to allocate for range 0: no IP addresses available in range set: %s", r.cfg.PodCIDR)
		r.cri(trace.CRIRunPodSandbox, &cfg, "attempt "+strconv.Itoa(cfg.Attempt), err)
		return "", err
	}
	s := &sandbox{rt: r, id: r.newID(), cfg: cfg, state: SandboxReady, ip: ip, ipText: ip.String(), created: r.cfg.Loop.Now()}
	r.sandboxes[s.id] = s
	r.byPod[cfg.UID] = append(r.byPod[cfg.UID], s)
	r.cri(trace.CRIRunPodSandbox, &cfg, "attempt "+strconv.Itoa(cfg.Attempt), nil)
	r.record(r.actor, "", trace.CNISetup, &cfg, "eth0 "+s.ipText+r.ipam.bits, nil)
	if n := r.cfg.Network; n != nil {
		n.AddPod(&network.Endpoint{IP: s.ipText, Node: r.cfg.Node, Pod: cfg.Namespace + "/" + cfg.Name, Backend: s})
	}
	r.changed(cfg.UID)
	return s.id, nil
}

// StopPodSandbox stops a sandbox: it kills any container still running in
// it and tears down its network (CNI.Teardown); the sandbox stays, not
// ready, until RemovePodSandbox. Stopping a stopped sandbox does nothing.
func (r *Runtime) StopPodSandbox(id string) error {
	if !r.up {
		return errDown()
	}
	s, ok := r.sandboxes[id]
	if !ok {
		// containerd treats a missing sandbox as stopped.
		return nil
	}
	r.cri(trace.CRIStopPodSandbox, &s.cfg, "", nil)
	if s.state == SandboxNotReady {
		return nil
	}
	for _, c := range s.containers {
		if c.state == StateRunning {
			c.exit(137, reasonError, "")
		}
	}
	r.teardown(s)
	s.state = SandboxNotReady
	r.changed(s.cfg.UID)
	return nil
}

// teardown releases the sandbox's IP.
func (r *Runtime) teardown(s *sandbox) {
	if !s.ip.IsValid() {
		return
	}
	r.record(r.actor, "", trace.CNITeardown, &s.cfg, "eth0 "+s.ipText+r.ipam.bits, nil)
	if n := r.cfg.Network; n != nil {
		n.RemovePod(s.ipText)
	}
	r.ipam.release(s.ip)
	s.ip, s.ipText = netip.Addr{}, ""
}

// RemovePodSandbox removes a sandbox and every container in it, stopping
// it first if needed. Removing a removed sandbox does nothing.
func (r *Runtime) RemovePodSandbox(id string) error {
	if !r.up {
		return errDown()
	}
	s, ok := r.sandboxes[id]
	if !ok {
		return nil
	}
	r.cri(trace.CRIRemovePodSandbox, &s.cfg, "", nil)
	for _, c := range s.containers {
		c.stopTimers()
		delete(r.containers, c.id)
	}
	s.containers = nil
	r.teardown(s)
	delete(r.sandboxes, id)
	list := r.byPod[s.cfg.UID]
	for i, x := range list {
		if x == s {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(r.byPod, s.cfg.UID)
	} else {
		r.byPod[s.cfg.UID] = list
	}
	r.changed(s.cfg.UID)
	return nil
}

// PodSandboxStatus reports a sandbox.
func (r *Runtime) PodSandboxStatus(id string) (SandboxStatus, error) {
	if !r.up {
		return SandboxStatus{}, errDown()
	}
	s, ok := r.sandboxes[id]
	if !ok {
		return SandboxStatus{}, errorf(NotFound, "an error occurred when try to find sandbox: not found")
	}
	return s.status(), nil
}

// ListPodSandbox lists the sandboxes of the Pod uid, or of every Pod when
// uid is "", in creation order.
func (r *Runtime) ListPodSandbox(uid string) []SandboxStatus {
	if !r.up {
		return nil
	}
	if uid != "" {
		return r.AppendPodSandboxes(make([]SandboxStatus, 0, len(r.byPod[uid])), uid)
	}
	all := make([]*sandbox, 0, len(r.sandboxes))
	for _, s := range r.sandboxes {
		all = append(all, s)
	}
	sortSandboxes(all)
	out := make([]SandboxStatus, len(all))
	for i, s := range all {
		out[i] = s.status()
	}
	return out
}

// AppendPodSandboxes appends to dst the sandboxes of the Pod uid, in
// creation order, as ListPodSandbox(uid) lists them, so that a caller can
// reuse one buffer.
func (r *Runtime) AppendPodSandboxes(dst []SandboxStatus, uid string) []SandboxStatus {
	if !r.up {
		return dst
	}
	for _, s := range r.byPod[uid] {
		dst = append(dst, s.status())
	}
	return dst
}

// sortSandboxes orders sandboxes by creation time, then ID.
func sortSandboxes(l []*sandbox) {
	slices.SortFunc(l, func(a, b *sandbox) int {
		if a.created != b.created {
			return cmp.Compare(a.created, b.created)
		}
		return strings.Compare(a.id, b.id)
	})
}

func (r *Runtime) sortedSandboxes() []*sandbox {
	all := make([]*sandbox, 0, len(r.sandboxes))
	for _, s := range r.sandboxes {
		all = append(all, s)
	}
	sortSandboxes(all)
	return all
}
