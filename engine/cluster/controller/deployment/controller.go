package deployment

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name: its trace actor, its client's identity and
// its Events' source (NewDeploymentController:
// EventSource{Component: "deployment-controller"}).
const Name = "deployment-controller"

// Defaults.
const (
	// DefaultWorkers is --concurrent-deployment-syncs
	// (pkg/controller/deployment/config/v1alpha1/defaults.go).
	DefaultWorkers = 5
	// MaxRetries is how often a Deployment is retried before it is dropped
	// from the queue (deployment_controller.go: "maxRetries is the number
	// of times a deployment will be retried before it is dropped out of
	// the queue").
	MaxRetries = 15
)

// Config tunes a controller; zero fields take the defaults.
type Config struct {
	Workers int // DefaultWorkers
}

// Controller is the Deployment controller. It implements
// controller.Controller; Start may follow Stop, with fresh state, as a
// restarted process would.
type Controller struct {
	controller.Base
	cfg Config

	loop    *sim.Loop
	log     *trace.Log
	dKind   *object.KindInfo
	rsKind  *object.KindInfo
	podKind *object.KindInfo
	dInf    *cache.SharedInformer
	rsInf   *cache.SharedInformer
	podInf  *cache.SharedInformer
}

// New returns a stopped controller.
func New(cfg Config) *Controller {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	return &Controller{cfg: cfg}
}

// Name returns "deployment-controller".
func (dc *Controller) Name() string { return Name }

// Start registers the controller's handlers on the manager's Deployment,
// ReplicaSet and Pod informers and, once all three have synced, runs its
// workers. The manager starts the informers.
func (dc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	dc.loop, dc.log = e.Loop, e.Log
	dc.Begin(ctx, Name, true)
	dc.dKind, dc.rsKind, dc.podKind = e.Kind("apps", "Deployment"), e.Kind("apps", "ReplicaSet"), e.Kind("", "Pod")
	dc.dInf = ctx.Informers.Informer(dc.dKind)
	dc.rsInf = ctx.Informers.Informer(dc.rsKind)
	dc.podInf = ctx.Informers.Informer(dc.podKind)
	_ = addPodControllerIndexer(dc.podInf)
	dc.Handlers.Add(dc.dInf, cache.ResourceEventHandlerFuncs{AddFunc: dc.addDeployment,
		UpdateFunc: func(_, cur *object.Object) { dc.addDeployment(cur) }, DeleteFunc: dc.deleteDeployment})
	dc.Handlers.Add(dc.rsInf, cache.ResourceEventHandlerFuncs{AddFunc: dc.addReplicaSet, UpdateFunc: dc.updateReplicaSet,
		DeleteFunc: dc.deleteReplicaSet})
	dc.Handlers.Add(dc.podInf, cache.ResourceEventHandlerFuncs{DeleteFunc: dc.deletePod})
	synced := cache.AllSynced(dc.dInf, dc.rsInf, dc.podInf)
	dc.Workers.StartWhenSynced(dc.loop, synced, dc.Queue, dc.cfg.Workers, dc.reconcile, workqueue.Options{
		Actor: Name, Log: dc.log, Group: "apps", Resource: "deployments", MaxRetries: MaxRetries}, nil)
}

// reconcile is syncDeployment with handleErr's exception: a failure
// because the namespace is being deleted is not retried.
func (dc *Controller) reconcile(key string) error {
	err := dc.syncDeployment(key)
	if controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
		return nil
	}
	return err
}

var _ controller.Controller = (*Controller)(nil)
