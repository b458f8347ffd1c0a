package gateway

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/ctrlloop"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's actor and ServiceAccount.
const Name trace.Actor = "gateway-controller"

// ControllerName is the spec.controllerName of the GatewayClasses the
// controller owns (a domain-prefixed path, as Gateway API requires).
const ControllerName = "gateway.loopbook.dev/gateway-controller"

// Group is Gateway API's group.
const Group = "gateway.networking.k8s.io"

// Controller reconciles GatewayClasses, Gateways and HTTPRoutes.
type Controller struct {
	env     *env.Env
	token   string
	proxies *Proxies
	c       *client.Client
	factory *cache.Factory

	classK, gwK, routeK                *object.KindInfo
	classes, gateways, routes, service *cache.SharedInformer

	queue   *workqueue.Queue
	loop    *ctrlloop.Loop
	running bool
}

// NewController returns a stopped controller programming proxies.
func NewController(e *env.Env, token string, proxies *Proxies) *Controller {
	return &Controller{env: e, token: token, proxies: proxies}
}

// Name is "gateway-controller".
func (g *Controller) Name() trace.Actor { return Name }

// Running reports whether the controller runs.
func (g *Controller) Running() bool { return g.running }

// Start lists and watches GatewayClasses, Gateways, HTTPRoutes and
// Services. Keys are a class's name or a Gateway's namespace/name; a
// route or Service change queues the Gateways of its namespace and the
// route's parents.
func (g *Controller) Start() {
	if g.running {
		return
	}
	g.running = true
	e := g.env
	g.loop = ctrlloop.New(e, Name, g.token)
	g.c, g.factory, g.queue = g.loop.Client, g.loop.Factory, g.loop.Queue
	g.classK, g.gwK, g.routeK = e.Kind(Group, "GatewayClass"), e.Kind(Group, "Gateway"), e.Kind(Group, "HTTPRoute")
	g.classes = g.factory.Informer(g.classK)
	g.gateways = g.factory.Informer(g.gwK)
	g.routes = g.factory.Informer(g.routeK)
	g.service = g.factory.Informer(e.Kind("", "Service"))
	_, _ = g.classes.AddEventHandler(cache.ObjectHandler(func(o *object.Object) {
		g.queue.Add(o.Meta.Name)
		for _, gw := range g.gateways.Lister().List(object.LabelSelector{}) {
			if gw.GetString(".spec.gatewayClassName") == o.Meta.Name {
				g.queue.Add(gw.Key())
			}
		}
	}))
	_, _ = g.gateways.AddEventHandler(cache.ObjectHandler(func(o *object.Object) { g.queue.Add(o.Key()) }))
	_, _ = g.routes.AddEventHandler(cache.ObjectHandler(g.queueParents))
	_, _ = g.service.AddEventHandler(cache.ObjectHandler(func(o *object.Object) {
		for _, gw := range g.gateways.Lister().List(object.LabelSelector{}) {
			g.queue.Add(gw.Key())
		}
	}))
	g.loop.Run(1, g.sync, workqueue.Options{Actor: Name, Log: g.env.Log, Resource: "gateways"}, nil)
}

// queueParents queues the Gateways a route names.
func (g *Controller) queueParents(route *object.Object) {
	for _, ref := range parentRefs(route) {
		g.queue.Add(ref.namespace + "/" + ref.name)
	}
}

// Stop ends the controller at once; the proxies keep their programming.
func (g *Controller) Stop() {
	if !g.running {
		return
	}
	g.running = false
	g.loop.Stop()
	g.loop = nil
}

// sync reconciles one key: a GatewayClass name or a Gateway's
// namespace/name.
func (g *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	if ns == "" {
		return g.syncClass(name)
	}
	return g.syncGateway(ns, name)
}
