package pvprotection

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/app/core.go runs the PV protection
// controller as "pv-protection-controller").
const Name = "pv-protection-controller"

// Controller is the PV protection controller; Start after Stop begins
// afresh.
type Controller struct {
	controller.Base
	pvK *object.KindInfo
	pvs *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "pv-protection-controller".
func (c *Controller) Name() string { return Name }

// Start watches volumes and runs one worker once the informer has synced
// (startPersistentVolumeProtectionController: Run(ctx, 1)).
func (c *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	c.Begin(ctx, Name, false)
	c.pvK = e.Kind("", "PersistentVolume")
	c.pvs = ctx.Informers.Informer(c.pvK)
	c.Handlers.Add(c.pvs, cache.ResourceEventHandlerFuncs{
		AddFunc:    c.volumeAddedUpdated,
		UpdateFunc: func(_, cur *object.Object) { c.volumeAddedUpdated(cur) },
	})
	c.Workers.StartWhenSynced(e.Loop, c.pvs.HasSynced, c.Queue, 1, c.processPV, workqueue.Options{
		Actor: Name, Log: e.Log, Resource: "persistentvolumes"}, nil)
}

// volumeAddedUpdated is pvAddedUpdated: a volume that lacks the
// finalizer or is being deleted is looked at.
func (c *Controller) volumeAddedUpdated(pv *object.Object) {
	if controller.NeedToAddFinalizer(pv, object.FinalizerPVProtection) || controller.IsDeletionCandidate(pv, object.FinalizerPVProtection) {
		c.Queue.Add(pv.Meta.Name)
	}
}

// processPV is processPV: a volume being deleted that is not Bound loses
// the finalizer; one that lacks it gets it.
func (c *Controller) processPV(name string) error {
	pv, ok := c.pvs.Lister().Get("", name)
	if !ok {
		return nil
	}
	return controller.Protect(c.Client, c.pvK, pv, object.FinalizerPVProtection, func() (bool, error) { return isBeingUsed(pv), nil })
}

// isBeingUsed is isBeingUsed: a Bound volume is in use.
func isBeingUsed(pv *object.Object) bool { return object.StringAt(pv.Status(), "phase") == "Bound" }

var _ controller.Controller = (*Controller)(nil)
