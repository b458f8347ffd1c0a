package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// loadBalancerTraffic sends n requests from outside the cluster to a
// Service's external load balancer: the address its status reports and
// its first port.
func (s *Session) loadBalancerTraffic(a *spec.Traffic, n int) error {
	svc := s.Cluster.Object("", "Service", a.Target.Namespace, a.Target.Name)
	if svc == nil {
		return diag.Errorf(a.Target.NamePos, "no Service %s/%s", a.Target.Namespace, a.Target.Name)
	}
	ip := svc.GetString(".status.loadBalancer.ingress[0].ip")
	if ip == "" {
		return diag.Errorf(a.Target.NamePos, "Service %s/%s has no load balancer address yet", a.Target.Namespace, a.Target.Name).
			WithHint("a cloud controller writes .status.loadBalancer.ingress; wait or run until it has")
	}
	port, _, _ := svc.Get(".spec.ports[0].port")
	p, _ := port.(int64)
	s.Cluster.LoadBalancerTraffic(trace.Actor(a.From.Text), ip, int32(p), n)
	return nil
}
