package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Kubelet is the node agent of one Node, the actor "kubelet/NODE". It
// implements env.Actor: Start boots the node's kubelet (and the machine,
// after Stop), Stop powers the node off. It is used from the event loop's
// goroutine only.
type Kubelet struct {
	cfg   Config
	e     *env.Env
	actor trace.Actor
	rt    *runtime.Runtime
	kinds kinds
	// machineID and systemUUID identify the machine for its whole life;
	// bootID changes at every boot.
	machineID, systemUUID string
	// l is the state of the running kubelet process; nil while stopped.
	l *life
}

// kinds are the kinds the kubelet reads and writes.
type kinds struct {
	pods, nodes, leases, configMaps, secrets, serviceAccounts *object.KindInfo
}

// life is one run of the kubelet process: everything it knows, which a
// restart loses.
type life struct {
	k       *Kubelet
	stopped bool
	bootID  string
	started sim.Time
	client  *client.Client
	factory *cache.Factory
	// staged are the CSI volumes staged on the node, by PV name.
	staged  map[string]bool
	podInf  *cache.SharedInformer
	nodeInf *cache.SharedInformer

	workers      map[string]*podWorker // by Pod UID
	order        []*podWorker          // in admission order
	alloc        object.Resources      // the node's allocatable resources
	allocSet     bool
	machine      map[string]any    // the unchanging part of the Node's status; see machineStatus
	imageList    imageListCache    // the Node status's images; see nodeImages
	statusFields statusFieldsCache // see nodeStatusFields
	scratch      statusScratch     // buffers generateStatus reuses
	renders      nodeRenders       // what its Pods' statuses render alike

	loop      loopState
	status    *statusManager
	images    *imageManager
	crashLoop *backoff
	probes    *probeManager
	lease     *leaseController
	nodeSync  *nodeStatusSync
	gc        *containerGC
}

// New returns the kubelet of cfg.Node, stopped.
func New(cfg Config) *Kubelet {
	if cfg.Env == nil || cfg.Runtime == nil || cfg.Node == "" {
		panic("kubelet: Env, Node and Runtime are required")
	}
	if cfg.InternalIP == "" {
		cfg.InternalIP = "10.0.1.1"
	}
	if cfg.PodCIDR == "" {
		cfg.PodCIDR = "10.244.0.0/24"
	}
	e := cfg.Env
	k := &Kubelet{cfg: cfg, e: e, actor: trace.Kubelet(cfg.Node), rt: cfg.Runtime}
	k.kinds = kinds{
		pods: e.Kind("", "Pod"), nodes: e.Kind("", "Node"), leases: e.Kind("coordination.k8s.io", "Lease"),
		configMaps: e.Kind("", "ConfigMap"), secrets: e.Kind("", "Secret"),
		serviceAccounts: e.Kind("", "ServiceAccount"),
	}
	k.machineID = e.Rand.String(32, "0123456789abcdef")
	k.systemUUID = e.Rand.UUID()
	return k
}

// Name returns the kubelet's actor, "kubelet/NODE".
func (k *Kubelet) Name() trace.Actor { return k.actor }

// Node returns the node's name.
func (k *Kubelet) Node() string { return k.cfg.Node }

// Running reports whether the kubelet runs (the node is up).
func (k *Kubelet) Running() bool { return k.l != nil }

// Start boots the node: the runtime comes up (after a Stop), and the
// kubelet registers its Node, starts its Lease and status loops and
// watches the Pods bound to it. Pods already bound are started again in
// new sandboxes, their containers' restart counts continuing from the log
// files the reboot kept.
func (k *Kubelet) Start() {
	if k.l != nil {
		return
	}
	k.rt.Restart()
	l := &life{k: k, started: k.e.Loop.Now(), bootID: k.e.Rand.UUID(), workers: map[string]*podWorker{}}
	k.l = l
	l.loop = loopState{l: l, last: -1}
	l.client = k.e.Client(k.actor, k.cfg.Token)
	l.status = newStatusManager(l)
	l.images = newImageManager(l)
	l.crashLoop = newCrashLoopBackoff(k.e.Timings)
	l.probes = newProbeManager(l)
	l.gc = newContainerGC(l)
	k.rt.SetListener(l.runtimeChanged)
	l.factory = cache.NewFactory(l.client, 0)
	l.nodeInf = l.factory.FilteredInformer(k.kinds.nodes, cache.Filter{FieldSelector: "metadata.name=" + k.cfg.Node})
	l.podInf = l.factory.FilteredInformer(k.kinds.pods, cache.Filter{FieldSelector: "spec.nodeName=" + k.cfg.Node})
	l.nodeSync = newNodeStatusSync(l)
	l.lease = newLeaseController(l)
	l.nodeSync.start()
	l.lease.start()
	if _, err := l.podInf.AddEventHandler(podSource{l}); err != nil {
		panic(err)
	}
	l.factory.Start()
}

// Stop powers the node off, as the `kill node` fault does: the kubelet
// process ends at once (its watches, timers and retries with it; nothing is
// sent to the API server), the runtime loses every container and sandbox,
// and the node's Pod IPs become unreachable.
func (k *Kubelet) Stop() {
	l := k.l
	if l == nil {
		return
	}
	l.stopped = true
	k.l = nil
	l.factory.Shutdown()
	l.client.Stop()
	l.loop.stop()
	l.probes.stopAll()
	l.lease.stop()
	l.nodeSync.stop()
	l.gc.stop()
	l.status.stop()
	k.rt.SetListener(nil)
	k.rt.Kill()
}

// now returns the current virtual instant.
func (l *life) now() sim.Time { return l.k.e.Loop.Now() }

// after runs fn d from now unless the kubelet stops meanwhile.
func (l *life) at(t sim.Time, fn func()) *sim.Timer {
	return l.k.e.Loop.At(t, func() {
		if !l.stopped {
			fn()
		}
	})
}
