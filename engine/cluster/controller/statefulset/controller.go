package statefulset

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/app/apps.go: "statefulset-controller").
const Name = "statefulset-controller"

// Defaults.
const (
	// Workers is --concurrent-statefulset-syncs' default.
	Workers = 5
)

// Controller is the StatefulSet controller; Start after Stop begins
// afresh.
type Controller struct {
	controller.Base
	loop                   *sim.Loop
	log                    *trace.Log
	setKind, podKind, pvcK *object.KindInfo
	revKind                *object.KindInfo
	sets, pods, claims     *cache.SharedInformer
	revs                   *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "statefulset-controller".
func (ssc *Controller) Name() string { return Name }

// Start watches StatefulSets, Pods, claims and ControllerRevisions and
// runs the workers once
// the informers have synced.
func (ssc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	ssc.loop, ssc.log = e.Loop, e.Log
	ssc.Begin(ctx, Name, true)
	ssc.setKind, ssc.podKind, ssc.pvcK = e.Kind("apps", "StatefulSet"), e.Kind("", "Pod"), e.Kind("", "PersistentVolumeClaim")
	ssc.sets = ctx.Informers.Informer(ssc.setKind)
	ssc.pods = ctx.Informers.Informer(ssc.podKind)
	ssc.claims = ctx.Informers.Informer(ssc.pvcK)
	ssc.revKind = e.Kind("apps", "ControllerRevision")
	ssc.revs = ctx.Informers.Informer(ssc.revKind)
	ssc.Handlers.Add(ssc.sets, cache.EnqueueKeys(ssc.Queue.Add))
	owner := func(o any) {
		obj, ok := cache.ObjectOf(o)
		if !ok {
			return
		}
		if ref, ok := obj.Meta.ControllerRef(); ok && ref.Kind == "StatefulSet" {
			ssc.Queue.Add(obj.Meta.Namespace + "/" + ref.Name)
		}
	}
	ssc.Handlers.Add(ssc.pods, cache.ResourceEventHandlerFuncs{
		AddFunc: func(o *object.Object) { owner(o) }, UpdateFunc: func(_, o *object.Object) { owner(o) }, DeleteFunc: owner})
	synced := cache.AllSynced(ssc.sets, ssc.pods, ssc.claims, ssc.revs)
	ssc.Workers.StartWhenSynced(ssc.loop, synced, ssc.Queue, Workers, ssc.sync, workqueue.Options{
		Actor: Name, Log: ssc.log, Group: "apps", Resource: "statefulsets"}, nil)
}

var _ controller.Controller = (*Controller)(nil)
