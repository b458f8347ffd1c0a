package replicaset

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name: its trace actor, its client's identity and
// its Events' source (NewReplicaSetController:
// EventSource{Component: "replicaset-controller"}).
const Name = "replicaset-controller"

// Defaults.
const (
	// BurstReplicas is the most Pods one sync creates or deletes
	// (replica_set.go, BurstReplicas).
	BurstReplicas = 500
	// DefaultWorkers is --concurrent-replicaset-syncs
	// (pkg/controller/replicaset/config/v1alpha1/defaults.go).
	DefaultWorkers = 5
	// statusUpdateRetries: one GET and PUT again after a failed status
	// update (replica_set.go).
	statusUpdateRetries = 1
)

// Config tunes a controller; zero fields take the defaults.
type Config struct {
	Workers       int // DefaultWorkers
	BurstReplicas int // BurstReplicas
}

// Controller is the ReplicaSet controller. It implements
// controller.Controller; Start may follow Stop, with fresh state, as a
// restarted process would.
type Controller struct {
	controller.Base
	cfg Config

	loop       *sim.Loop
	log        *trace.Log
	rsKind     *object.KindInfo
	podKind    *object.KindInfo
	rsInf      *cache.SharedInformer
	podInf     *cache.SharedInformer
	rsLister   cache.Lister
	exp        *controller.Expectations
	consistent *consistency
	pods       *podTable
	buf        [2][]*podRow // a sync's Pod lists, reused
}

// New returns a stopped controller.
func New(cfg Config) *Controller {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.BurstReplicas <= 0 {
		cfg.BurstReplicas = BurstReplicas
	}
	return &Controller{cfg: cfg}
}

// Name returns "replicaset-controller".
func (rsc *Controller) Name() string { return Name }

// Start registers the controller's handlers and indexes on the manager's
// ReplicaSet and Pod informers and, once both have synced, runs its
// workers. The manager starts the informers.
func (rsc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	rsc.loop, rsc.log = e.Loop, e.Log
	rsc.Begin(ctx, Name, true)
	rsc.rsKind, rsc.podKind = e.Kind("apps", "ReplicaSet"), e.Kind("", "Pod")
	rsc.rsInf = ctx.Informers.Informer(rsc.rsKind)
	rsc.podInf = ctx.Informers.Informer(rsc.podKind)
	rsc.rsLister = rsc.rsInf.Lister()
	rsc.exp = controller.NewExpectations(e.Loop)
	rsc.pods = newPodTable()
	rsc.consistent = newConsistency(rsc.podInf, rsc.rsInf)
	_ = addIndexer(rsc.rsInf, controllerUIDIndex, controllerUIDIndexFunc)
	rsc.Handlers.Add(rsc.rsInf, cache.ResourceEventHandlerFuncs{AddFunc: rsc.addRS, UpdateFunc: rsc.updateRS, DeleteFunc: rsc.deleteRS})
	rsc.Handlers.Add(rsc.podInf, cache.ResourceEventHandlerFuncs{AddFunc: rsc.addPod, UpdateFunc: rsc.updatePod, DeleteFunc: rsc.podDeleted})
	synced := cache.AllSynced(rsc.rsInf, rsc.podInf)
	rsc.Workers.StartWhenSynced(rsc.loop, synced, rsc.Queue, rsc.cfg.Workers, rsc.syncReplicaSet, workqueue.Options{
		Actor: Name, Log: rsc.log, Group: "apps", Resource: "replicasets"}, nil)
}

var _ controller.Controller = (*Controller)(nil)
