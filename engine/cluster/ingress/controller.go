package ingress

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/ctrlloop"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's actor and ServiceAccount.
const Name trace.Actor = "ingress-controller"

// ControllerClass is the spec.controller of the IngressClasses the
// controller serves: ingress-nginx's default --controller-class.
const ControllerClass = "k8s.io/ingress-nginx"

// Group is the Ingress API's group.
const Group = "networking.k8s.io"

// StatusInterval is how often the controller checks the Ingresses'
// status addresses (ingress-nginx status.UpdateInterval, 60 s); it also
// checks once at start.
const StatusInterval = 60 * time.Second

// syncKey is the one key of the work queue: every change rebuilds the
// whole configuration, as ingress-nginx's syncIngress does.
const syncKey = "configuration"

// Controller watches IngressClasses, Ingresses, Services and
// EndpointSlices and programs its proxy.
type Controller struct {
	env     *env.Env
	token   string
	proxy   *Proxy
	c       *client.Client
	factory *cache.Factory

	classK, ingK                                 *object.KindInfo
	classes, ingresses, services, endpointSlices *cache.SharedInformer

	queue   *workqueue.Queue
	loop    *ctrlloop.Loop
	status  *sim.Timer
	running bool
}

// NewController returns a stopped controller programming proxy.
func NewController(e *env.Env, token string, proxy *Proxy) *Controller {
	return &Controller{env: e, token: token, proxy: proxy}
}

// Name is "ingress-controller".
func (g *Controller) Name() trace.Actor { return Name }

// Running reports whether the controller runs.
func (g *Controller) Running() bool { return g.running }

// Start lists and watches the four kinds; any change queues the one
// configuration key.
func (g *Controller) Start() {
	if g.running {
		return
	}
	g.running = true
	e := g.env
	g.loop = ctrlloop.New(e, Name, g.token)
	g.c, g.factory, g.queue = g.loop.Client, g.loop.Factory, g.loop.Queue
	g.classK, g.ingK = e.Kind(Group, "IngressClass"), e.Kind(Group, "Ingress")
	g.classes = g.factory.Informer(g.classK)
	g.ingresses = g.factory.Informer(g.ingK)
	g.services = g.factory.Informer(e.Kind("", "Service"))
	g.endpointSlices = g.factory.Informer(e.Kind("discovery.k8s.io", "EndpointSlice"))
	for _, inf := range []*cache.SharedInformer{g.classes, g.ingresses, g.services, g.endpointSlices} {
		_, _ = inf.AddEventHandler(cache.ObjectHandler(func(*object.Object) { g.queue.Add(syncKey) }))
	}
	g.loop.Run(1, g.sync, workqueue.Options{Actor: Name, Log: g.env.Log, Resource: "ingresses"}, g.syncStatus)
}

// syncStatus runs one status check and schedules the next.
func (g *Controller) syncStatus() {
	g.status = nil
	if !g.running {
		return
	}
	g.updateStatus()
	g.status = g.env.Loop.After(StatusInterval, g.syncStatus)
}

// Stop ends the controller at once; the proxy keeps its programming.
func (g *Controller) Stop() {
	if !g.running {
		return
	}
	g.running = false
	if g.status != nil {
		g.status.Stop()
		g.status = nil
	}
	g.loop.Stop()
	g.loop = nil
}
