package cloudprovider

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/ctrlloop"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ControllerName is the service controller's actor and ServiceAccount.
const ControllerName trace.Actor = "service-controller"

// ServiceController is cloud-controller-manager's service controller.
type ServiceController struct {
	env            *env.Env
	token          string
	prov           *Provider
	c              *client.Client
	rec            *record.Recorder
	factory        *cache.Factory
	svcK           *object.KindInfo
	services, node *cache.SharedInformer
	queue          *workqueue.Queue
	loop           *ctrlloop.Loop
	running        bool
}

// NewServiceController returns a stopped controller calling prov.
func NewServiceController(e *env.Env, token string, prov *Provider) *ServiceController {
	return &ServiceController{env: e, token: token, prov: prov}
}

// Name is "service-controller".
func (s *ServiceController) Name() trace.Actor { return ControllerName }

// Running reports whether the controller runs.
func (s *ServiceController) Running() bool { return s.running }

// Start lists and watches Services and Nodes.
func (s *ServiceController) Start() {
	if s.running {
		return
	}
	s.running = true
	e := s.env
	s.loop = ctrlloop.New(e, ControllerName, s.token)
	s.c, s.factory, s.queue = s.loop.Client, s.loop.Factory, s.loop.Queue
	s.rec = record.New(s.c, e.Kinds, string(ControllerName), "")
	s.svcK = e.Kind("", "Service")
	s.services = s.factory.Informer(s.svcK)
	s.node = s.factory.Informer(e.Kind("", "Node"))
	add := func(o *object.Object) {
		if o.GetString(".spec.type") == "LoadBalancer" {
			s.queue.Add(o.Key())
		}
	}
	_, _ = s.services.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: add, UpdateFunc: func(_, n *object.Object) { add(n) }})
	s.loop.Run(1, s.sync, workqueue.Options{Actor: ControllerName, Log: s.env.Log, Resource: "services"}, nil)
}

// Stop ends the controller at once.
func (s *ServiceController) Stop() {
	if !s.running {
		return
	}
	s.running = false
	s.rec.Stop()
	s.loop.Stop()
	s.loop = nil
}

// sync is syncLoadBalancerIfNeeded for a Service without an ingress.
func (s *ServiceController) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	svc, ok := s.services.Lister().Get(ns, name)
	if !ok || svc.GetString(".spec.type") != "LoadBalancer" || svc.Meta.DeletionTimestamp != nil {
		return nil
	}
	if ing, _, _ := svc.Get(".status.loadBalancer.ingress"); ing != nil {
		return nil
	}
	ports := map[int32]int32{}
	pl, _ := svc.Spec()["ports"].([]any)
	for _, p := range pl {
		pm, _ := p.(map[string]any)
		port, _ := pm["port"].(int64)
		np, _ := pm["nodePort"].(int64)
		ports[int32(port)] = int32(np)
	}
	var nodes []string
	for _, n := range s.node.Lister().List(object.LabelSelector{}) {
		if n.GetString(".status.conditions[type=Ready].status") == "True" {
			nodes = append(nodes, n.Meta.Name)
		}
	}
	slices.Sort(nodes)
	s.rec.Event(svc, record.Normal, "EnsuringLoadBalancer", "Ensuring load balancer")
	ip, err := s.prov.EnsureLoadBalancer(ControllerName, ns, name, svc.Meta.UID, ports, nodes)
	if err != nil {
		s.rec.Eventf(svc, record.Warning, "SyncLoadBalancerFailed", "Error syncing load balancer: failed to ensure load balancer: %v", err)
		return err
	}
	u := svc.DeepCopy()
	u.Content["status"] = map[string]any{"loadBalancer": map[string]any{"ingress": []any{map[string]any{"ip": ip, "ipMode": "VIP"}}}}
	if _, err := s.c.UpdateStatus(s.svcK, u, api.WriteOptions{}); err != nil {
		return err
	}
	s.rec.Event(svc, record.Normal, "EnsuredLoadBalancer", "Ensured load balancer")
	return nil
}
