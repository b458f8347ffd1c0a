package pvcprotection

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: PersistentVolumeClaimProtectionController
// runs as "pvc-protection-controller").
const Name = "pvc-protection-controller"

// podPVCIndex indexes Pods by the claims their volumes name, as
// "NAMESPACE/CLAIM" (pkg/controller/volume/common: PodPVCIndex).
const podPVCIndex = "pod-pvc-index"

// Controller is the PVC protection controller; Start after Stop begins
// afresh.
type Controller struct {
	controller.Base
	loop        *sim.Loop
	pvcK, podK  *object.KindInfo
	claims, pod *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "pvc-protection-controller".
func (c *Controller) Name() string { return Name }

// Start watches claims and Pods and runs one worker once both have
// synced (startPersistentVolumeClaimProtectionController: Run(ctx, 1)).
func (c *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	c.loop = e.Loop
	c.Begin(ctx, Name, false)
	c.pvcK, c.podK = e.Kind("", "PersistentVolumeClaim"), e.Kind("", "Pod")
	c.claims, c.pod = ctx.Informers.Informer(c.pvcK), ctx.Informers.Informer(c.podK)
	_ = c.pod.AddIndexers(cache.Indexers{podPVCIndex: podClaimKeys})
	c.Handlers.Add(c.claims, cache.ResourceEventHandlerFuncs{
		AddFunc:    c.claimAddedUpdated,
		UpdateFunc: func(_, cur *object.Object) { c.claimAddedUpdated(cur) },
	})
	c.Handlers.Add(c.pod, cache.ResourceEventHandlerFuncs{
		AddFunc: c.enqueueClaimsOf,
		UpdateFunc: func(old, cur *object.Object) {
			c.enqueueClaimsOf(cur)
			// An update may hide the deletion of one Pod and the creation
			// of another under its name: the old one's claims are looked
			// at too.
			if old.Meta.UID != cur.Meta.UID {
				c.enqueueClaimsOf(old)
			}
		},
		DeleteFunc: func(obj any) {
			if p, ok := cache.ObjectOf(obj); ok {
				c.enqueueClaimsOf(p)
			}
		},
	})
	synced := cache.AllSynced(c.claims, c.pod)
	c.Workers.StartWhenSynced(c.loop, synced, c.Queue, 1, c.processPVC, workqueue.Options{
		Actor: Name, Log: e.Log, Resource: "persistentvolumeclaims"}, nil)
}

// claimAddedUpdated is pvcAddedUpdated: a claim is looked at when it has
// no Unused condition yet, lacks the finalizer, or is being deleted.
func (c *Controller) claimAddedUpdated(pvc *object.Object) {
	if unusedCondition(pvc) == nil || controller.NeedToAddFinalizer(pvc, object.FinalizerPVCProtection) ||
		controller.IsDeletionCandidate(pvc, object.FinalizerPVCProtection) {
		c.Queue.Add(pvc.Key())
	}
}

// enqueueClaimsOf is enqueuePVCs: the claims a Pod's volumes name.
func (c *Controller) enqueueClaimsOf(pod *object.Object) {
	keys, _ := podClaimKeys(pod)
	for _, k := range keys {
		c.Queue.Add(k)
	}
}

// podClaimKeys is the Pod's index values: "NAMESPACE/CLAIM" for each
// claim its volumes name.
func podClaimKeys(pod *object.Object) ([]string, error) {
	names := object.PodClaimNames(pod)
	for i, n := range names {
		names[i] = pod.Meta.Namespace + "/" + n
	}
	return names, nil
}

var _ controller.Controller = (*Controller)(nil)
