package endpointslice

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name and trace actor
// (cmd/kube-controller-manager/names, EndpointSliceController); its
// ServiceAccount in kube-system has the same name.
const Name = "endpointslice-controller"

// Facts from pkg/controller/endpointslice/endpointslice_controller.go.
const (
	// maxRetries: a Service is dropped from the queue after 15 requeues.
	maxRetries = 15
	// Sync back-off of a failing Service: 1 s doubling to 1000 s.
	defaultSyncBackOff = time.Second
	maxSyncBackOff     = 1000 * time.Second
	// endpointSliceChangeMinSyncDelay delays a sync caused by a change to
	// a slice the controller did not expect.
	endpointSliceChangeMinSyncDelay = time.Second
	// syncedPollPeriod is WaitForCacheSync's poll period
	// (k8s.io/client-go/tools/cache/shared_informer.go).
	syncedPollPeriod = 100 * time.Millisecond
)

// Config holds the controller's flags; zero fields take Kubernetes'
// defaults.
type Config struct {
	// MaxEndpointsPerSlice is --max-endpoints-per-slice; default the
	// environment's Timings.MaxEndpointsPerSlice (100).
	MaxEndpointsPerSlice int
	// Workers is --concurrent-service-endpoint-syncs; default 5
	// (pkg/controller/endpointslice/config/v1alpha1/defaults.go).
	Workers int
	// BatchPeriod is --endpointslice-updates-batch-period: syncs caused
	// by Pod changes wait this long; default 0.
	BatchPeriod time.Duration
}

// Controller is the EndpointSlice controller. It implements
// controller.Controller.
type Controller struct {
	cfg Config

	ctx    *controller.Context
	client *client.Client
	kinds  kinds

	services, pods, nodes, slices *cache.SharedInformer
	handlers                      cache.Handlers

	queue    *workqueue.Queue
	runner   *workqueue.Runner
	tracker  *tracker
	triggers *triggerTimes
	poll     *sim.Timer
	running  bool
}

var _ controller.Controller = (*Controller)(nil)

type kinds struct{ service, pod, node, slice *object.KindInfo }

// New returns a stopped controller.
func New(cfg Config) *Controller { return &Controller{cfg: cfg} }

// Name returns "endpointslice-controller".
func (c *Controller) Name() string { return Name }

// Start registers the controller's handlers on the manager's informers
// and starts its workers once the Service, Pod, Node and EndpointSlice
// caches have synced. Writes go through the controller's own client.
func (c *Controller) Start(ctx *controller.Context) {
	if c.running {
		return
	}
	c.running = true
	c.ctx = ctx
	e := ctx.Env
	if c.cfg.MaxEndpointsPerSlice <= 0 {
		c.cfg.MaxEndpointsPerSlice = e.Timings.MaxEndpointsPerSlice
	}
	if c.cfg.Workers <= 0 {
		c.cfg.Workers = 5
	}
	c.client = ctx.ClientFor(Name)
	c.kinds = kinds{service: e.Kind("", "Service"), pod: e.Kind("", "Pod"), node: e.Kind("", "Node"),
		slice: e.Kind("discovery.k8s.io", "EndpointSlice")}
	c.services = ctx.Informers.Informer(c.kinds.service)
	c.pods = ctx.Informers.Informer(c.kinds.pod)
	c.nodes = ctx.Informers.Informer(c.kinds.node)
	c.slices = ctx.Informers.Informer(c.kinds.slice)
	c.tracker, c.triggers = newTracker(), newTriggerTimes()
	c.queue = workqueue.New(e.Loop, workqueue.NewMaxOfRateLimiter(
		workqueue.NewItemExponentialFailureRateLimiter(defaultSyncBackOff, maxSyncBackOff),
		workqueue.NewBucketRateLimiter(e.Loop, 10, 100)))
	c.handlers.Add(c.services, serviceHandler{c})
	c.handlers.Add(c.pods, podHandler{c})
	c.handlers.Add(c.slices, sliceHandler{c})
	if c.poll == nil {
		c.poll = e.Loop.NewTimer(sim.Func(c.waitForSync))
	}
	c.poll.Reset(e.Loop.Now())
}

// Stop stops the workers and removes the handlers; what the controller
// knew is lost.
func (c *Controller) Stop() {
	if !c.running {
		return
	}
	c.running = false
	c.poll.Stop()
	c.handlers.RemoveAll()
	if c.runner != nil {
		c.runner.Stop()
		c.runner = nil
	} else {
		c.queue.ShutDown()
	}
	c.client.Stop()
}

// waitForSync starts the workers once every cache has synced, checking
// every syncedPollPeriod (WaitForNamedCacheSync).
func (c *Controller) waitForSync() {
	for _, inf := range []*cache.SharedInformer{c.pods, c.services, c.slices, c.nodes} {
		if !inf.HasSynced() {
			c.poll.Reset(c.ctx.Env.Loop.Now().Add(syncedPollPeriod))
			return
		}
	}
	c.runner = workqueue.RunWorkers(c.queue, c.cfg.Workers, c.syncService, workqueue.Options{
		Actor: trace.Actor(Name), Log: c.ctx.Env.Log, Resource: "services", MaxRetries: maxRetries})
}
