package csi

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// BinderName is the PV controller's name and ServiceAccount
// (cmd/kube-controller-manager/app/core.go: "persistent-volume-binder").
const BinderName = "persistent-volume-binder"

// Binder is the PV controller's binding of volumes to their claims: a
// volume whose claimRef names a claim not bound yet (written by the
// provisioner, or by the scheduler's VolumeBinding for an existing
// volume) gets the claim bound to it. It implements
// controller.Controller.
type Binder struct {
	c           *client.Client
	loop        *sim.Loop
	pvcK, pvK   *object.KindInfo
	claims, pvs *cache.SharedInformer
	queue       *workqueue.Queue
	workers     workqueue.Workers
	regs        []func()
	ctx         *controller.Context
}

// NewBinder returns a stopped binder.
func NewBinder() *Binder { return &Binder{} }

// Name returns "persistent-volume-binder".
func (b *Binder) Name() string { return BinderName }

// Start watches volumes and claims.
func (b *Binder) Start(ctx *controller.Context) {
	e := ctx.Env
	b.ctx, b.loop = ctx, e.Loop
	b.c = ctx.ClientFor(BinderName)
	b.pvcK, b.pvK = e.Kind("", "PersistentVolumeClaim"), e.Kind("", "PersistentVolume")
	b.claims, b.pvs = ctx.Informers.Informer(b.pvcK), ctx.Informers.Informer(b.pvK)
	b.queue = workqueue.New(e.Loop, nil)
	on := func(inf *cache.SharedInformer, key func(*object.Object) []string) {
		add := func(o *object.Object) {
			for _, k := range key(o) {
				b.queue.Add(k)
			}
		}
		if reg, err := inf.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: add, UpdateFunc: func(_, n *object.Object) { add(n) }}); err == nil {
			b.regs = append(b.regs, func() { _ = inf.RemoveEventHandler(reg) })
		}
	}
	on(b.pvs, func(o *object.Object) []string { return []string{"pv:" + o.Meta.Name} })
	on(b.claims, func(o *object.Object) []string { return []string{"pvc:" + o.Key()} })
	synced := cache.AllSynced(b.claims, b.pvs)
	b.workers.StartWhenSynced(b.loop, synced, b.queue, 1, b.sync, workqueue.Options{
		Actor: BinderName, Log: b.ctx.Env.Log, Resource: "persistentvolumes"}, nil)
}

// Stop ends the binder at once.
func (b *Binder) Stop() {
	if b.queue == nil {
		return
	}
	for _, r := range b.regs {
		r()
	}
	b.regs = nil
	b.workers.Stop()
	b.queue.ShutDown()
	b.c.Stop()
}

func (b *Binder) sync(key string) error {
	if name, ok := strings.CutPrefix(key, "pv:"); ok {
		return b.syncVolume(name)
	}
	ns, name, _ := cache.SplitMetaNamespaceKey(strings.TrimPrefix(key, "pvc:"))
	return b.syncClaim(ns, name)
}

// syncClaim binds a claim whose volume names it (the claim's own event,
// e.g. after a relist, can come before the volume's).
func (b *Binder) syncClaim(ns, name string) error {
	pvc, ok := b.claims.Lister().Get(ns, name)
	if !ok || pvc.GetString(".spec.volumeName") != "" {
		return nil
	}
	for _, pv := range b.pvs.Lister().List(object.LabelSelector{}) {
		if pv.GetString(".spec.claimRef.uid") == pvc.Meta.UID {
			return b.syncVolume(pv.Meta.Name)
		}
	}
	return nil
}

// syncVolume binds a volume's claim to it (bindClaimToVolume, then the
// claim's and the volume's status), in three writes as the PV controller
// makes them.
func (b *Binder) syncVolume(name string) error {
	pv, ok := b.pvs.Lister().Get("", name)
	if !ok || pv.GetString(".status.phase") == "Bound" {
		return nil
	}
	ns, claim, uid := pv.GetString(".spec.claimRef.namespace"), pv.GetString(".spec.claimRef.name"), pv.GetString(".spec.claimRef.uid")
	pvc, ok := b.claims.Lister().Get(ns, claim)
	if claim == "" || !ok || pvc.Meta.UID != uid {
		return nil
	}
	if pvc.GetString(".spec.volumeName") == "" {
		c := pvc.DeepCopy()
		_ = c.Set(".spec.volumeName", name)
		if c.Meta.Annotations == nil {
			c.Meta.Annotations = map[string]string{}
		}
		c.Meta.Annotations["pv.kubernetes.io/bind-completed"] = "yes"
		c.Meta.Annotations["pv.kubernetes.io/bound-by-controller"] = "yes"
		var err error
		if pvc, err = b.c.Update(b.pvcK, c, api.WriteOptions{}); err != nil {
			return err
		}
	}
	if pvc.GetString(".status.phase") != "Bound" {
		c := pvc.DeepCopy()
		c.Content["status"] = map[string]any{"phase": "Bound", "accessModes": object.DeepCopyValue(pv.Spec()["accessModes"]),
			"capacity": object.DeepCopyValue(pv.Spec()["capacity"])}
		if _, err := b.c.UpdateStatus(b.pvcK, c, api.WriteOptions{}); err != nil {
			return err
		}
	}
	v := pv.DeepCopy()
	v.Content["status"] = map[string]any{"phase": "Bound"}
	_, err := b.c.UpdateStatus(b.pvK, v, api.WriteOptions{})
	return err
}
