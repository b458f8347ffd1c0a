package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/gateway"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// wantsGateway reports whether the fixture holds a GatewayClass whose
// spec.controllerName is gateway.ControllerName: that turns on the
// Gateway controller (actor "gateway-controller") and its proxies
// (actors "gateway/NAMESPACE/NAME").
func wantsGateway(objs []*object.Object) bool {
	for _, o := range objs {
		if o.Kind == "GatewayClass" && o.Group() == gateway.Group && o.GetString(".spec.controllerName") == gateway.ControllerName {
			return true
		}
	}
	return false
}

// buildEarlyGateway registers GatewayClass (its CRD installed), creates
// the controller's ServiceAccount and a role
// like those Gateway API implementations install: read the Gateway API
// kinds and Services, write the kinds' status.
func (c *Cluster) buildEarlyGateway() error {
	if !wantsGateway(c.cfg.Objects) {
		return nil
	}
	if err := c.env.Kinds.Register(gateway.ClassKind()); err != nil {
		return fmt.Errorf("gatewayclasses: %w", err)
	}
	name := string(gateway.Name)
	kinds := []string{"gatewayclasses", "gateways", "httproutes"}
	if err := c.controllerRole(name, name, []any{
		rule([]string{gateway.Group}, kinds, "get", "list", "watch"),
		rule([]string{gateway.Group}, []string{"gatewayclasses/status", "gateways/status", "httproutes/status"}, "patch", "update"),
		rule([]string{""}, []string{"services"}, "get", "list", "watch"),
	}); err != nil {
		return err
	}
	c.ext.gateways = gateway.NewProxies(c.env.Loop, c.env.Log)
	return nil
}

// buildGateway builds the Gateway controller actor.
func (c *Cluster) buildGateway() {
	if c.ext.gateways != nil {
		c.add(gateway.NewController(c.env, c.saTokens[string(gateway.Name)], c.ext.gateways))
	}
}

// Gateways are the proxies of the fixture's Gateway controller, or nil.
func (c *Cluster) Gateways() *gateway.Proxies { return c.ext.gateways }

// GatewayTraffic sends n requests from the actor from to the proxy of
// the Gateway namespace/name with the Host header host and the path:
// each is one HTTP hop to "gateway/NAMESPACE/NAME", which routes it by
// host and path to a Service and enters the cluster through the next
// Node, whose Service rules send it to a Pod (a second HTTP event). A
// Gateway without a programmed proxy gets no answer (zero result); a
// request no route matches gets the proxy's 404.
func (c *Cluster) GatewayTraffic(from trace.Actor, namespace, name, host, path string, n int) []traffic.Result {
	var out []traffic.Result
	for range max(n, 1) {
		var p *gateway.Proxy
		if c.ext.gateways != nil {
			p = c.ext.gateways.Get(namespace, name)
		}
		if p == nil {
			out = append(out, traffic.Result{})
			continue
		}
		svc, port, code := p.Forward(from, host, path)
		if code != 0 {
			out = append(out, traffic.Result{Answer: network.Answer{Code: code}})
			continue
		}
		out = append(out, c.trafficClient().Send(traffic.Request{From: p.Actor(), Service: svc, Port: port, Path: path})...)
	}
	return out
}
