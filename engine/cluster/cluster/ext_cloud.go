package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/cloudprovider"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// CloudAnnotation on any of the fixture's objects (the lesson's
// Namespace, say), set to "true", puts the cluster in a cloud: the
// provider's load-balancer API (actor "cloud-provider") and
// cloud-controller-manager's service controller (actor
// "service-controller"), so Services of type LoadBalancer get an
// external address.
const CloudAnnotation = "cloudprovider.loopbook.dev/enabled"

func wantsCloud(objs []*object.Object) bool {
	for _, o := range objs {
		if o.Meta.Annotations[CloudAnnotation] == "true" {
			return true
		}
	}
	return false
}

// buildEarlyCloud creates the service controller's ServiceAccount and
// the role cloud-controller-manager's bootstrap policy gives it
// (k8s.io/cloud-provider/app/... system:controller:service-controller:
// services get, list, watch; services/status patch, update; nodes list,
// watch; events).
func (c *Cluster) buildEarlyCloud() error {
	if !wantsCloud(c.cfg.Objects) {
		return nil
	}
	name := string(cloudprovider.ControllerName)
	role := "system:controller:" + name
	if err := c.controllerRole(name, role, []any{
		rule([]string{""}, []string{"services"}, "get", "list", "watch"),
		rule([]string{""}, []string{"services/status"}, "patch", "update"),
		rule([]string{""}, []string{"nodes"}, "list", "watch"),
		eventsRule(),
	}); err != nil {
		return err
	}
	c.ext.cloud = cloudprovider.NewProvider(c.env.Loop, c.env.Log)
	return nil
}

// buildCloud builds the service controller actor.
func (c *Cluster) buildCloud() {
	if c.ext.cloud != nil {
		c.add(cloudprovider.NewServiceController(c.env, c.saTokens[string(cloudprovider.ControllerName)], c.ext.cloud))
	}
}

// Cloud is the cloud provider the fixture turned on, or nil.
func (c *Cluster) Cloud() *cloudprovider.Provider { return c.ext.cloud }

// LoadBalancerTraffic sends n requests from the actor from to a load
// balancer's address ip and port: each is one HTTP hop to the balancer,
// which forwards it to the next Node, whose Service rules send it to a
// Pod (a second HTTP event). A request to an address no balancer has
// gets no answer (nil result).
func (c *Cluster) LoadBalancerTraffic(from trace.Actor, ip string, port int32, n int) []traffic.Result {
	var out []traffic.Result
	for range max(n, 1) {
		if c.ext.cloud == nil {
			return out
		}
		svc, node, ok := c.ext.cloud.Forward(from, ip, port)
		if !ok {
			out = append(out, traffic.Result{})
			continue
		}
		out = append(out, c.trafficClient().Send(traffic.Request{From: from, Via: node, Service: svc, Port: port})...)
	}
	return out
}
