package podautoscaler

import (
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name and ServiceAccount
// (cmd/kube-controller-manager/app/autoscaling.go).
const Name = "horizontal-pod-autoscaler"

// SyncPeriod is --horizontal-pod-autoscaler-sync-period's default.
const SyncPeriod = 15 * time.Second

// Controller is the HPA controller. Start after Stop begins afresh.
type Controller struct {
	env     *env.Env
	client  *client.Client
	hpas    *cache.SharedInformer
	pods    *cache.SharedInformer
	hpaKind *object.KindInfo
	timer   *sim.Timer
	history map[string]*history
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name is "horizontal-pod-autoscaler".
func (c *Controller) Name() string { return Name }

// Start watches HPAs and Pods and syncs every HPA each sync period.
func (c *Controller) Start(ctx *controller.Context) {
	c.env = ctx.Env
	c.client = ctx.ClientFor(Name)
	c.hpaKind = ctx.Env.Kind("autoscaling", "HorizontalPodAutoscaler")
	c.hpas = ctx.Informers.Informer(c.hpaKind)
	c.pods = ctx.Informers.Informer(ctx.Env.Kind("", "Pod"))
	c.history = map[string]*history{}
	c.timer = c.env.Loop.After(SyncPeriod, c.tick)
}

// Stop ends the loop; what it remembered is lost.
func (c *Controller) Stop() {
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	if c.client != nil {
		c.client.Stop()
	}
}

// tick syncs every HPA, by key, then waits a sync period.
func (c *Controller) tick() {
	c.timer = c.env.Loop.After(SyncPeriod, c.tick)
	if !c.hpas.HasSynced() || !c.pods.HasSynced() {
		return
	}
	hpas := c.hpas.Lister().List(object.LabelSelector{})
	slices.SortFunc(hpas, func(a, b *object.Object) int { return strings.Compare(a.Key(), b.Key()) })
	for _, h := range hpas {
		c.env.Log.Append(trace.Event{Time: c.env.Loop.Now(), From: Name, Verb: trace.Reconcile,
			Resource: "horizontalpodautoscalers", Namespace: h.Meta.Namespace, Name: h.Meta.Name})
		c.sync(h)
	}
}
