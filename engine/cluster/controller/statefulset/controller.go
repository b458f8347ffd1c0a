package statefulset

import (
	"time"

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
	ssc.Handlers.Add(ssc.pods, cache.ResourceEventHandlerFuncs{
		AddFunc: func(o *object.Object) { ssc.podChanged(nil, o) }, UpdateFunc: ssc.podChanged, DeleteFunc: ssc.podDeleted})
	synced := cache.AllSynced(ssc.sets, ssc.pods, ssc.claims, ssc.revs)
	ssc.Workers.StartWhenSynced(ssc.loop, synced, ssc.Queue, Workers, ssc.sync, workqueue.Options{
		Actor: Name, Log: ssc.log, Group: "apps", Resource: "statefulsets"}, nil)
}

// podChanged is addPod and updatePod (old is nil for an add): the
// owner of a Pod syncs, and its former owner when its controller
// changed; an orphan makes every set that selects it sync, when it is
// new or its labels or controller changed, to see whether one adopts it.
func (ssc *Controller) podChanged(old, cur *object.Object) {
	if old != nil && old.Meta.ResourceVersion == cur.Meta.ResourceVersion {
		return
	}
	if old != nil {
		if ref, ok := old.Meta.ControllerRef(); ok && controller.ControllerRefChanged(old, cur) {
			ssc.enqueueOwner(old.Meta.Namespace, ref)
		}
	}
	if ref, ok := cur.Meta.ControllerRef(); ok {
		ssc.enqueueOwner(cur.Meta.Namespace, ref)
		// A Pod that became ready is looked at again once it may be
		// available.
		if old != nil && !object.IsPodReady(old) && object.IsPodReady(cur) {
			if set := controller.ResolveControllerRef(ssc.sets.Lister(), "StatefulSet", cur.Meta.Namespace, ref); set != nil && minReadySeconds(set) > 0 {
				ssc.Queue.AddAfter(set.Key(), time.Duration(minReadySeconds(set))*time.Second)
			}
		}
		return
	}
	if old == nil || controller.OrphanChanged(old, cur) {
		for _, set := range controller.SelectingControllers(ssc.sets.Lister(), cur) {
			ssc.Queue.Add(set.Key())
		}
	}
}

// podDeleted is deletePod: the Pod's owner syncs.
func (ssc *Controller) podDeleted(o any) {
	if pod, ok := cache.ObjectOf(o); ok {
		if ref, ok := pod.Meta.ControllerRef(); ok {
			ssc.enqueueOwner(pod.Meta.Namespace, ref)
		}
	}
}

// enqueueOwner syncs the StatefulSet a controller reference names.
func (ssc *Controller) enqueueOwner(namespace string, ref object.OwnerReference) {
	if ref.Kind == "StatefulSet" {
		ssc.Queue.Add(namespace + "/" + ref.Name)
	}
}

var _ controller.Controller = (*Controller)(nil)
