package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/ingress"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// ingressProxyIP is the address the Ingress controller publishes: the
// first of 192.0.2.0/24 (TEST-NET-1) the model gives out.
const ingressProxyIP = "192.0.2.10"

// wantsIngress reports whether the fixture holds an IngressClass whose
// spec.controller is ingress.ControllerClass: that turns on the Ingress
// controller (actor "ingress-controller") and its proxy (actor
// "ingress-proxy"), as installing ingress-nginx creates its IngressClass.
func wantsIngress(objs []*object.Object) bool {
	for _, o := range objs {
		if o.Kind == "IngressClass" && o.Group() == ingress.Group && o.GetString(".spec.controller") == ingress.ControllerClass {
			return true
		}
	}
	return false
}

// buildEarlyIngress creates the controller's ServiceAccount and a role
// like ingress-nginx's ClusterRole: read IngressClasses, Ingresses,
// Services and EndpointSlices, update Ingress status.
func (c *Cluster) buildEarlyIngress() error {
	if !wantsIngress(c.cfg.Objects) {
		return nil
	}
	name := string(ingress.Name)
	if err := c.controllerRole(name, name, []any{
		rule([]string{ingress.Group}, []string{"ingressclasses", "ingresses"}, "get", "list", "watch"),
		rule([]string{ingress.Group}, []string{"ingresses/status"}, "update"),
		rule([]string{""}, []string{"services"}, "get", "list", "watch"),
		rule([]string{"discovery.k8s.io"}, []string{"endpointslices"}, "get", "list", "watch"),
	}); err != nil {
		return err
	}
	c.ext.ingress = ingress.NewProxy(c.env.Loop, c.env.Log, c.net, ingressProxyIP)
	return nil
}

// buildIngress builds the Ingress controller actor.
func (c *Cluster) buildIngress() {
	if c.ext.ingress != nil {
		c.add(ingress.NewController(c.env, c.saTokens[string(ingress.Name)], c.ext.ingress))
	}
}

// IngressProxy is the proxy of the fixture's Ingress controller, or nil.
func (c *Cluster) IngressProxy() *ingress.Proxy { return c.ext.ingress }

// IngressTraffic sends n requests from the actor from to the address of
// the Ingress namespace/name with the Host header host and the path:
// each is one HTTP hop to "ingress-proxy", which routes it by host and
// path and, for a backend, sends it straight to a ready endpoint (a
// second HTTP event, to the Pod). An Ingress the controller has not
// programmed gets no answer (zero result); a request no rule matches
// gets the default backend's 404. The API server is never involved.
func (c *Cluster) IngressTraffic(from trace.Actor, namespace, name, host, path string, n int) []traffic.Result {
	out := make([]traffic.Result, 0, max(n, 1))
	for range max(n, 1) {
		if c.ext.ingress == nil {
			out = append(out, traffic.Result{})
			continue
		}
		out = append(out, c.ext.ingress.Forward(from, namespace, name, host, path))
	}
	return out
}
