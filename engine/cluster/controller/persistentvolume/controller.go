package persistentvolume

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Name is the controller's ServiceAccount and trace actor
// (cmd/kube-controller-manager/app/core.go:
// ClientOrDie("persistent-volume-binder")).
const Name = "persistent-volume-binder"

// EventSource is the component its Events name
// (pv_controller_base.go: EventSource{Component: "persistentvolume-controller"}).
const EventSource = "persistentvolume-controller"

// Controller is the PV controller; Start after Stop begins afresh.
type Controller struct {
	controller.Base
	loop                     *sim.Loop
	pvcK, pvK, podK          *object.KindInfo
	claims, volumes, classes *cache.SharedInformer
	pods                     *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "persistent-volume-binder".
func (c *Controller) Name() string { return Name }

// Start watches claims, volumes, StorageClasses and Pods and runs one
// worker once they have synced. Volumes are queued as "pv:NAME" and
// claims as "pvc:NAMESPACE/NAME" (the volume and claim queues of
// pv_controller_base.go).
func (c *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	c.loop = e.Loop
	c.Begin(ctx, Name, false)
	c.Recorder = record.New(c.Client, e.Kinds, EventSource, "")
	c.pvcK, c.pvK, c.podK = e.Kind("", "PersistentVolumeClaim"), e.Kind("", "PersistentVolume"), e.Kind("", "Pod")
	c.claims, c.volumes = ctx.Informers.Informer(c.pvcK), ctx.Informers.Informer(c.pvK)
	c.classes = ctx.Informers.Informer(e.Kind("storage.k8s.io", "StorageClass"))
	c.pods = ctx.Informers.Informer(c.podK)
	c.Handlers.Add(c.volumes, cache.ResourceEventHandlerFuncs{
		AddFunc:    c.enqueueVolume,
		UpdateFunc: func(_, cur *object.Object) { c.enqueueVolume(cur) },
		DeleteFunc: func(obj any) {
			// deleteVolume: the claim it was bound to is looked at again.
			if v, ok := cache.ObjectOf(obj); ok {
				if ref := object.AsMap(v.Spec()["claimRef"]); ref != nil {
					c.Queue.Add("pvc:" + object.StringAt(ref, "namespace") + "/" + object.StringAt(ref, "name"))
				}
			}
		},
	})
	c.Handlers.Add(c.claims, cache.ResourceEventHandlerFuncs{
		AddFunc:    c.enqueueClaim,
		UpdateFunc: func(_, cur *object.Object) { c.enqueueClaim(cur) },
		DeleteFunc: func(obj any) {
			// deleteClaim: its volume is released.
			if pvc, ok := cache.ObjectOf(obj); ok {
				if v := object.StringAt(pvc.Spec(), "volumeName"); v != "" {
					c.Queue.Add("pv:" + v)
				}
			}
		},
	})
	synced := cache.AllSynced(c.claims, c.volumes, c.classes, c.pods)
	c.Workers.StartWhenSynced(c.loop, synced, c.Queue, 1, c.sync, workqueue.Options{
		Actor: Name, Log: e.Log, Resource: "persistentvolumes"}, nil)
}

func (c *Controller) enqueueVolume(v *object.Object) { c.Queue.Add("pv:" + v.Meta.Name) }

func (c *Controller) enqueueClaim(pvc *object.Object) { c.Queue.Add("pvc:" + pvc.Key()) }

// sync is volumeWorker and claimWorker in one: a key names a volume or a
// claim, looked up in the cache; one gone is done with.
func (c *Controller) sync(key string) error {
	if name, ok := strings.CutPrefix(key, "pv:"); ok {
		v, ok := c.volumes.Lister().Get("", name)
		if !ok {
			return nil
		}
		return c.syncVolume(v)
	}
	ns, name, err := cache.SplitMetaNamespaceKey(strings.TrimPrefix(key, "pvc:"))
	if err != nil {
		return nil
	}
	pvc, ok := c.claims.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	return c.syncClaim(pvc)
}

var _ controller.Controller = (*Controller)(nil)
