package daemon

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name, trace actor and Event source
// (cmd/kube-controller-manager/names: DaemonSetController).
const Name = "daemonset-controller"

// ServiceAccount is the ServiceAccount the controller writes as
// (cmd/kube-controller-manager/app/apps.go: "daemon-set-controller").
const ServiceAccount = "daemon-set-controller"

// Limits and timings of daemon_controller.go.
const (
	// Workers is --concurrent-daemonset-syncs' default.
	Workers = 2
	// BurstReplicas bounds the creations and the deletions of one sync.
	BurstReplicas = 250
	// StatusUpdateRetries is how often a conflicting status write is
	// retried after a fresh read.
	StatusUpdateRetries = 1
	// failedPodsBackoffInitial and failedPodsBackoffMax bound the wait
	// before a failed daemon Pod on the same Node is deleted again
	// (NewDaemonSetsController: flowcontrol.NewBackOff(1s, 15m)).
	failedPodsBackoffInitial = time.Second
	failedPodsBackoffMax     = 15 * time.Minute
)

// Event reasons of daemon_controller.go.
const (
	reasonSelectingAll    = "SelectingAll"
	reasonFailedDaemonPod = "FailedDaemonPod"
)

// Controller is the DaemonSet controller; Start after Stop begins afresh.
type Controller struct {
	controller.Base
	loop                 *sim.Loop
	log                  *trace.Log
	pods                 controller.PodControl
	dsKind, revKind      *object.KindInfo
	podKind              *object.KindInfo
	sets, podsInf, nodes *cache.SharedInformer
	revs                 *cache.SharedInformer
	exp                  *controller.Expectations
	backoff              *backoff
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "daemonset-controller".
func (dc *Controller) Name() string { return Name }

// Start watches DaemonSets, Pods, Nodes and ControllerRevisions and runs
// the workers once the informers have synced.
func (dc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	dc.loop, dc.log = e.Loop, e.Log
	dc.Begin(ctx, Name, true)
	podKind := e.Kind("", "Pod")
	dc.podKind = podKind
	dc.pods = controller.PodControl{Client: dc.Client, Recorder: dc.Recorder, PodKind: podKind}
	dc.dsKind = e.Kind("apps", "DaemonSet")
	dc.sets = ctx.Informers.Informer(dc.dsKind)
	dc.podsInf = ctx.Informers.Informer(podKind)
	dc.nodes = ctx.Informers.Informer(e.Kind("", "Node"))
	dc.revKind = e.Kind("apps", "ControllerRevision")
	dc.revs = ctx.Informers.Informer(dc.revKind)
	dc.exp = controller.NewExpectations(e.Loop)
	dc.backoff = newBackoff(failedPodsBackoffInitial, failedPodsBackoffMax)
	dc.Handlers.Add(dc.sets, cache.EnqueueKeys(dc.Queue.Add))
	dc.Handlers.Add(dc.podsInf, cache.ResourceEventHandlerFuncs{
		AddFunc:    dc.addPod,
		UpdateFunc: dc.updatePod,
		DeleteFunc: dc.deletePod,
	})
	dc.Handlers.Add(dc.nodes, cache.ResourceEventHandlerFuncs{
		AddFunc:    dc.addNode,
		UpdateFunc: dc.updateNode,
	})
	synced := cache.AllSynced(dc.sets, dc.podsInf, dc.nodes, dc.revs)
	dc.Workers.StartWhenSynced(dc.loop, synced, dc.Queue, Workers, dc.sync, workqueue.Options{
		Actor: Name, Log: dc.log, Group: "apps", Resource: "daemonsets"}, nil)
}

// enqueue queues ds for a sync.
func (dc *Controller) enqueue(ds *object.Object) { dc.Queue.Add(ds.Key()) }

var _ controller.Controller = (*Controller)(nil)
