package runtime

import (
	"encoding/binary"
	"encoding/hex"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Version is the containerd release the model reports
// (status.nodeInfo.containerRuntimeVersion is "containerd://" + Version).
const Version = "2.2.0"

// PauseImage is the sandbox image: kubeadm's default for v1.37
// (cmd/kubeadm/app/constants, PauseVersion), already on every node.
const PauseImage = "registry.k8s.io/pause:3.10.2"

// Config configures the runtime of one node. Node, Loop and Rand are
// required.
type Config struct {
	Node string
	Loop *sim.Loop
	// Log receives the CRI and CNI events; nil means they are not recorded.
	Log *trace.Log
	// Rand draws container and sandbox IDs.
	Rand *sim.Rand
	// Images is how containers behave; nil means every image behaves as
	// DefaultImage(env.Default()).
	Images *Catalogue
	// Network is the cluster's data plane, where Pod IPs are registered;
	// nil means they are not.
	Network *network.Network
	// PodCIDR is the range the node's host-local IPAM allocates Pod IPs
	// from; default "10.244.0.0/24".
	PodCIDR string
}

// Runtime is the container runtime of one node. It is used from the event
// loop's goroutine only.
type Runtime struct {
	cfg     Config
	actor   trace.Actor // runtime/NODE
	kubelet trace.Actor // kubelet/NODE, the caller of every CRI call
	up      bool
	// epoch changes when the node is killed: callbacks scheduled before
	// check it and do nothing.
	epoch uint64

	images     map[string]*imageRecord // by normalized reference; kept across reboots
	imagesGen  uint64                  // counts the changes to images; see ImagesGeneration
	sandboxes  map[string]*sandbox     // by ID
	byPod      map[string][]*sandbox   // by Pod UID, in creation order
	containers map[string]*container   // by ID
	logs       map[logKey]*logFile     // kept across reboots
	answers    map[answerKey]map[string]HTTPAnswer
	ipam       ipam

	// pullsEnd is when the last image pull in flight returns (see Busy).
	pullsEnd sim.Time

	dirty    []string // Pod UIDs changed since the last relist, in order
	dirtySet map[string]bool
	listener func()
}

// New returns the runtime of cfg.Node, running, with the pause image
// present.
func New(cfg Config) *Runtime {
	if cfg.Images == nil {
		cfg.Images = NewCatalogue(env.Default())
	}
	if cfg.PodCIDR == "" {
		cfg.PodCIDR = "10.244.0.0/24"
	}
	r := &Runtime{
		cfg: cfg, actor: trace.Runtime(cfg.Node), kubelet: trace.Kubelet(cfg.Node), up: true,
		images:     map[string]*imageRecord{},
		sandboxes:  map[string]*sandbox{},
		byPod:      map[string][]*sandbox{},
		containers: map[string]*container{},
		logs:       map[logKey]*logFile{},
		dirtySet:   map[string]bool{},
	}
	r.ipam = newIPAM(cfg.PodCIDR)
	r.addImage(PauseImage, &Image{SizeBytes: 320_368})
	return r
}

// Node returns the node the runtime runs on.
func (r *Runtime) Node() string { return r.cfg.Node }

// Up reports whether the node is powered on.
func (r *Runtime) Up() bool { return r.up }

// SetListener sets the function told when the first change after a relist
// happens. It is called during the change; it must not call back into the
// runtime.
func (r *Runtime) SetListener(fn func()) { r.listener = fn }

// Relist returns the UIDs of the Pods whose sandboxes or containers changed
// since the previous relist, in the order of their first change, and
// forgets them.
func (r *Runtime) Relist() []string {
	out := r.dirty
	r.dirty = nil
	clear(r.dirtySet)
	return out
}

// changed records that something of the Pod uid changed.
func (r *Runtime) changed(uid string) {
	if r.dirtySet[uid] {
		return
	}
	r.dirtySet[uid] = true
	r.dirty = append(r.dirty, uid)
	if len(r.dirty) == 1 && r.listener != nil {
		r.listener()
	}
}

// newID draws a 64-hex-digit ID, as containerd's (identifiers.Generate
// draws 32 random bytes).
func (r *Runtime) newID() string {
	var b [32]byte
	for i := 0; i < 4; i++ {
		binary.BigEndian.PutUint64(b[i*8:], r.cfg.Rand.Uint64())
	}
	return hex.EncodeToString(b[:])
}

// after schedules fn d after now, unless the node is killed meanwhile.
func (r *Runtime) after(d time.Duration, fn func()) *sim.Timer {
	epoch := r.epoch
	return r.cfg.Loop.At(r.cfg.Loop.Now().Add(d), func() {
		if r.epoch == epoch {
			fn()
		}
	})
}

// record appends a node-local event about a Pod.
func (r *Runtime) record(from, to trace.Actor, verb trace.Verb, sb *PodSandboxConfig, detail string, err error) {
	if r.cfg.Log == nil {
		return
	}
	ev := trace.Event{Time: r.cfg.Loop.Now(), From: from, To: to, Verb: verb, Resource: "pods",
		Namespace: sb.Namespace, Name: sb.Name, Detail: detail}
	if err != nil {
		ev.Outcome = trace.Outcome{Reason: reasonOf(verb, err), Message: err.Error()}
	}
	r.cfg.Log.Append(ev)
}

// cri records a CRI call from the kubelet.
func (r *Runtime) cri(verb trace.Verb, sb *PodSandboxConfig, detail string, err error) {
	r.record(r.kubelet, r.actor, verb, sb, detail, err)
}

// reasonOf is the short word a failed call's event carries: the kubelet's
// name for a failed pull (pkg/kubelet/images/types.go, ErrImagePull), the
// gRPC code otherwise.
func reasonOf(verb trace.Verb, err error) string {
	if verb == trace.CRIPullImage {
		return "ErrImagePull"
	}
	if e, ok := err.(*Error); ok {
		return e.Code.String()
	}
	return "Error"
}
