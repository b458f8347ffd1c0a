package nodelifecycle

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/podindex"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name and trace actor
// (cmd/kube-controller-manager/names, NodeLifecycleController).
const Name = "node-lifecycle-controller"

// ServiceAccount is the ServiceAccount in kube-system the controller
// writes as: kube-controller-manager builds its client for
// "node-controller" (cmd/kube-controller-manager/app/core.go,
// newNodeLifecycleController), whose ClusterRole is
// system:controller:node-controller. The manager's ClientFor must
// authenticate Name as this account.
const ServiceAccount = "node-controller"

// eventComponent is the source of the controller's Events
// (NewNodeLifecycleController: EventSource{Component: "node-controller"}).
const eventComponent = "node-controller"

// Defaults of kube-controller-manager's flags
// (cmd/kube-controller-manager/app/options/nodelifecyclecontroller.go,
// pkg/controller/nodelifecycle/config/v1alpha1/defaults.go).
const (
	DefaultNodeStartupGracePeriod = 60 * time.Second
	DefaultEvictionRate           = 0.1
	DefaultSecondaryEvictionRate  = 0.01
	DefaultLargeClusterThreshold  = 50
	DefaultUnhealthyZoneThreshold = 0.55
)

// Facts from pkg/controller/nodelifecycle.
const (
	// nodeHealthUpdateRetry is how many times a failed status update is
	// retried in one pass (scheduler.NodeHealthUpdateRetry).
	nodeHealthUpdateRetry = 5
	// nodeEvictionPeriod is the period of the NoExecute tainting pass
	// (scheduler.NodeEvictionPeriod).
	nodeEvictionPeriod = 100 * time.Millisecond
	// nodeUpdateWorkers and podUpdateWorkers are nodeUpdateWorkerSize and
	// podUpdateWorkerSize.
	nodeUpdateWorkers = 8
	podUpdateWorkers  = 4
	// syncedPollPeriod is WaitForCacheSync's poll period
	// (k8s.io/client-go/tools/cache/shared_informer.go).
	syncedPollPeriod = 100 * time.Millisecond
)

// Config holds the controller's flags; zero fields take Kubernetes'
// defaults (the periods from the environment's Timings).
type Config struct {
	// NodeMonitorPeriod is --node-monitor-period (5 s).
	NodeMonitorPeriod time.Duration
	// NodeMonitorGracePeriod is --node-monitor-grace-period (50 s).
	NodeMonitorGracePeriod time.Duration
	// NodeStartupGracePeriod is --node-startup-grace-period (60 s): the
	// grace of a Node whose kubelet never posted a Ready condition.
	NodeStartupGracePeriod time.Duration
	// EvictionRate is --node-eviction-rate (0.1 Nodes/s), per zone.
	EvictionRate float64
	// SecondaryEvictionRate is --secondary-node-eviction-rate (0.01/s),
	// for partially disrupted zones of large clusters.
	SecondaryEvictionRate float64
	// LargeClusterThreshold is --large-cluster-size-threshold (50 Nodes).
	LargeClusterThreshold int
	// UnhealthyZoneThreshold is --unhealthy-zone-threshold (0.55).
	UnhealthyZoneThreshold float64
}

func (cfg Config) withDefaults(t timings) Config {
	if cfg.NodeMonitorPeriod <= 0 {
		cfg.NodeMonitorPeriod = t.monitor
	}
	if cfg.NodeMonitorGracePeriod <= 0 {
		cfg.NodeMonitorGracePeriod = t.grace
	}
	if cfg.NodeStartupGracePeriod <= 0 {
		cfg.NodeStartupGracePeriod = DefaultNodeStartupGracePeriod
	}
	if cfg.EvictionRate <= 0 {
		cfg.EvictionRate = DefaultEvictionRate
	}
	if cfg.SecondaryEvictionRate <= 0 {
		cfg.SecondaryEvictionRate = DefaultSecondaryEvictionRate
	}
	if cfg.LargeClusterThreshold <= 0 {
		cfg.LargeClusterThreshold = DefaultLargeClusterThreshold
	}
	if cfg.UnhealthyZoneThreshold <= 0 {
		cfg.UnhealthyZoneThreshold = DefaultUnhealthyZoneThreshold
	}
	return cfg
}

type timings struct{ monitor, grace time.Duration }

// Controller is the node lifecycle controller. It implements
// controller.Controller.
type Controller struct {
	cfg  Config
	conf Config // as started, defaults applied

	ctx    *controller.Context
	loop   *sim.Loop
	client *client.Client
	rec    *record.Recorder
	kinds  kinds

	nodes, pods, leases *cache.SharedInformer
	handlers            cache.Handlers

	known        map[string]*object.Object // knownNodeSet
	health       map[string]*nodeHealth    // nodeHealthMap
	ready        map[string]nodeRead       // see read
	zoneStates   map[string]zoneState
	tainters     map[string]*timedQueue // zoneNoExecuteTainter
	tainterList  []*timedQueue          // the tainters' values, see setTainter
	nodesToRetry map[string]bool
	guard        leaseGuard
	// reported lists the Nodes whose queueing for a NoExecute taint was
	// traced, until they are reachable again.
	reported map[string]bool

	// Kept from pass to pass of the health monitor so that a pass does
	// not allocate them again: see listNodes and emptied.
	nodeList   []*object.Object
	zoneCounts map[string]zoneCount
	newStates  map[string]zoneState

	nodeQueue, podQueue   *workqueue.Queue
	nodeRunner, podRunner *workqueue.Runner
	monitorTimer          *sim.Timer
	taintTimer            *sim.Timer
	poll                  *sim.Timer
	started               sim.Time // when the loops started, for the tick grid
	running               bool
}

var _ controller.Controller = (*Controller)(nil)

type kinds struct{ node, pod, lease *object.KindInfo }

// New returns a stopped controller.
func New(cfg Config) *Controller { return &Controller{cfg: cfg} }

// Name returns "node-lifecycle-controller".
func (c *Controller) Name() string { return Name }

// Start registers the controller on the manager's Node, Pod and Lease
// informers and, once they have synced, starts its loops: the health
// monitor every NodeMonitorPeriod, the NoExecute tainting pass, and the
// Node and Pod update workers. A restarted controller knows nothing of
// its previous run, as a new leader does not.
func (c *Controller) Start(ctx *controller.Context) {
	if c.running {
		return
	}
	e := ctx.Env
	c.running, c.ctx, c.loop = true, ctx, e.Loop
	c.conf = c.cfg.withDefaults(timings{e.Timings.NodeMonitorPeriod, e.Timings.NodeMonitorGracePeriod})
	c.client = ctx.ClientFor(Name)
	c.kinds = kinds{node: e.Kind("", "Node"), pod: e.Kind("", "Pod"), lease: e.Kind("coordination.k8s.io", "Lease")}
	c.rec = &record.Recorder{Client: c.client, Kind: e.Kind("", "Event"), Loop: e.Loop, Component: eventComponent}
	c.nodes = ctx.Informers.Informer(c.kinds.node)
	c.pods = ctx.Informers.Informer(c.kinds.pod)
	c.leases = ctx.Informers.Informer(c.kinds.lease)
	podindex.Add(c.pods)

	c.known, c.health, c.ready = map[string]*object.Object{}, map[string]*nodeHealth{}, map[string]nodeRead{}
	c.zoneStates, c.tainters, c.tainterList = map[string]zoneState{}, map[string]*timedQueue{}, nil
	c.nodesToRetry, c.guard, c.reported = map[string]bool{}, leaseGuard{}, map[string]bool{}
	c.nodeQueue = workqueue.New(e.Loop, nil)
	c.podQueue = workqueue.New(e.Loop, nil)
	c.handlers.Add(c.pods, podHandler{c})
	c.handlers.Add(c.nodes, nodeHandler{c})
	if c.poll == nil {
		c.poll = e.Loop.NewTimer(sim.Func(c.waitForSync))
		c.monitorTimer = e.Loop.NewTimer(sim.Func(c.monitor))
		c.taintTimer = e.Loop.NewTimer(sim.Func(c.noExecuteTaintingPass))
	}
	c.poll.Reset(e.Loop.Now())
}

// Stop ends the controller's loops and removes its handlers.
func (c *Controller) Stop() {
	if !c.running {
		return
	}
	c.running = false
	c.poll.Stop()
	c.monitorTimer.Stop()
	c.taintTimer.Stop()
	c.handlers.RemoveAll()
	for _, q := range []struct {
		r *workqueue.Runner
		q *workqueue.Queue
	}{{c.nodeRunner, c.nodeQueue}, {c.podRunner, c.podQueue}} {
		if q.r != nil {
			q.r.Stop()
		} else {
			q.q.ShutDown()
		}
	}
	c.nodeRunner, c.podRunner = nil, nil
	c.client.Stop()
}

// waitForSync starts the loops once the Lease, Node and Pod caches have
// synced (Run: WaitForNamedCacheSyncWithContext). The health monitor runs
// at once and then every NodeMonitorPeriod (wait.UntilWithContext).
func (c *Controller) waitForSync() {
	for _, inf := range []*cache.SharedInformer{c.leases, c.nodes, c.pods} {
		if !inf.HasSynced() {
			c.poll.Reset(c.loop.Now().Add(syncedPollPeriod))
			return
		}
	}
	c.started = c.loop.Now()
	c.nodeRunner = workqueue.RunWorkers(c.nodeQueue, nodeUpdateWorkers, c.noScheduleTaintingPass,
		workqueue.Options{Actor: trace.Actor(Name)})
	c.podRunner = workqueue.RunWorkers(c.podQueue, podUpdateWorkers, c.processPod,
		workqueue.Options{Actor: trace.Actor(Name)})
	c.monitor()
}

// monitor runs one health pass and schedules the next.
func (c *Controller) monitor() {
	c.monitorTimer.Reset(c.loop.Now().Add(c.conf.NodeMonitorPeriod))
	c.monitorNodeHealth()
}

// decide records a decision of the controller about a Node.
func (c *Controller) decide(node, detail string) {
	c.ctx.Env.Log.Append(trace.Event{Time: c.loop.Now(), From: trace.Actor(Name), Verb: trace.Reconcile,
		Resource: "nodes", Name: node, Detail: detail})
}
