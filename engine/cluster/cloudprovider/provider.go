package cloudprovider

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ProviderActor is the cloud's API as the trace names it.
const ProviderActor trace.Actor = "cloud-provider"

// LoadBalancer is one balancer the provider runs.
type LoadBalancer struct {
	Name, IP string
	// Service is "namespace/name".
	Service string
	// Ports map each balancer port to the Service's node port.
	Ports map[int32]int32
	// Nodes are its targets, in round-robin order.
	Nodes []string
	next  int
}

// Provider is the cloud's load-balancer API.
type Provider struct {
	loop *sim.Loop
	log  *trace.Log
	lbs  []*LoadBalancer
	down bool
}

// NewProvider returns a provider with no balancers.
func NewProvider(loop *sim.Loop, log *trace.Log) *Provider { return &Provider{loop: loop, log: log} }

// SetDown makes the cloud API fail (true) or work again.
func (p *Provider) SetDown(down bool) { p.down = down }

// LoadBalancers are the balancers, in creation order.
func (p *Provider) LoadBalancers() []LoadBalancer {
	out := make([]LoadBalancer, len(p.lbs))
	for i, lb := range p.lbs {
		out[i] = *lb
	}
	return out
}

// Name is DefaultLoadBalancerName for a Service UID.
func Name(uid string) string {
	n := "a" + strings.ReplaceAll(uid, "-", "")
	if len(n) > 32 {
		n = n[:32]
	}
	return n
}

// EnsureLoadBalancer creates (or updates) the balancer of a Service and
// returns its address.
func (p *Provider) EnsureLoadBalancer(from trace.Actor, namespace, name, uid string, ports map[int32]int32, nodes []string) (string, error) {
	lbName := Name(uid)
	ev := trace.Event{Time: p.loop.Now(), From: from, To: ProviderActor, Verb: trace.External, Resource: "services",
		Namespace: namespace, Name: name, Detail: "create load balancer " + lbName}
	if p.down {
		ev.Outcome = trace.Outcome{Code: 503, Reason: "ServiceUnavailable", Message: "cloud provider API unavailable"}
		p.log.Append(ev)
		return "", fmt.Errorf("cloud provider API unavailable")
	}
	for _, lb := range p.lbs {
		if lb.Name == lbName {
			lb.Ports, lb.Nodes = ports, nodes
			ev.Outcome = trace.Outcome{Code: 200}
			p.log.Append(ev)
			return lb.IP, nil
		}
	}
	lb := &LoadBalancer{Name: lbName, IP: fmt.Sprintf("203.0.113.%d", 10+len(p.lbs)), Service: namespace + "/" + name, Ports: ports, Nodes: nodes}
	p.lbs = append(p.lbs, lb)
	ev.Outcome = trace.Outcome{Code: 201}
	ev.Detail += " ingress=" + lb.IP
	p.log.Append(ev)
	return lb.IP, nil
}

// Forward takes one connection to ip:port from a client: it records the
// hop to the balancer and returns the Service and the Node it forwards
// to, or false when no balancer answers there.
func (p *Provider) Forward(from trace.Actor, ip string, port int32) (service, node string, ok bool) {
	for _, lb := range p.lbs {
		if lb.IP != ip {
			continue
		}
		np, hasPort := lb.Ports[port]
		ev := trace.Event{Time: p.loop.Now(), From: from, To: trace.Actor("lb/" + lb.Name), Verb: trace.HTTP, Resource: "services"}
		ev.Namespace, ev.Name = splitKey(lb.Service)
		if !hasPort || len(lb.Nodes) == 0 {
			ev.Outcome = trace.Outcome{Reason: "ConnectionRefused", Message: "connection refused"}
			p.log.Append(ev)
			return "", "", false
		}
		node = lb.Nodes[lb.next%len(lb.Nodes)]
		lb.next++
		ev.Detail = fmt.Sprintf("%s:%d -> %s:%d", ip, port, node, np)
		p.log.Append(ev)
		return lb.Service, node, true
	}
	return "", "", false
}

func splitKey(k string) (string, string) {
	ns, name, _ := strings.Cut(k, "/")
	return ns, name
}
