package cluster

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/metricsserver"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// aggregatorGate is the API server's path to aggregated API servers, by
// the Service an APIService names ("NAMESPACE/NAME"); a Service with no
// server behind it has no endpoints.
type aggregatorGate struct {
	servers map[string]apiserver.Aggregator
}

// Serve implements apiserver.Aggregator.
func (g *aggregatorGate) Serve(req apiserver.AggregatedRequest) (*api.Response, error) {
	if s, ok := g.servers[req.Namespace+"/"+req.Service]; ok {
		return s.Serve(req)
	}
	return nil, fmt.Errorf("no endpoints available for service %q", req.Service)
}

// load is one `load` setting: the CPU a workload's traffic costs, shared
// by its running Pods.
type load struct {
	namespace, raw string
	selector       selector.Labels
	millis         int64
}

// Load sets the CPU the traffic to the Pods of namespace that selector
// (a label selector, "app=web") matches costs in total, as a CPU
// quantity ("780m", "2"): it is shared equally by the matching Pods whose
// first container runs, and replaces those containers' usage from their
// image. A later Load with the same namespace and selector replaces it;
// "0" removes it. Metrics-server sees the change at its next scrape.
func (c *Cluster) Load(namespace, labelSelector, cpu string) error {
	sel, err := selector.ParseLabels(labelSelector)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	q, err := object.ParseQuantity(cpu)
	if err != nil {
		return fmt.Errorf("load: cpu %q: %w", cpu, err)
	}
	c.ext.loads = slices.DeleteFunc(c.ext.loads, func(l load) bool {
		return l.namespace == namespace && l.raw == labelSelector
	})
	if q.MilliValue() > 0 {
		c.ext.loads = append(c.ext.loads, load{namespace, labelSelector, sel, q.MilliValue()})
	}
	return nil
}

// metricsSource is metrics-server's way to the kubelets: each node's
// /metrics/resource, answered from the Pods bound to the node and its
// runtime's container statistics.
type metricsSource struct{ c *Cluster }

// Nodes are the fixture's nodes, sorted.
func (s metricsSource) Nodes() []string {
	var out []string
	for _, n := range s.c.nodes {
		out = append(out, n.Name)
	}
	slices.Sort(out)
	return out
}

// Scrape answers one node's /metrics/resource; a stopped kubelet cannot
// be reached.
func (s metricsSource) Scrape(node string) ([]metricsserver.PodUsage, error) {
	n := s.c.Node(node)
	if n == nil || !n.Kubelet.Running() {
		i := slices.IndexFunc(s.c.nodes, func(p *NodeParts) bool { return p.Name == node })
		return nil, fmt.Errorf("dial tcp %s:%s: connect: no route to host", nodeIP(i), apiserver.KubeletPort)
	}
	var out []metricsserver.PodUsage
	for _, p := range s.c.boundPods(node) {
		u := metricsserver.PodUsage{Namespace: p.Meta.Namespace, Name: p.Meta.Name, Labels: p.Meta.Labels}
		for i, ct := range n.Runtime.ListContainers(nil, p.Meta.UID) {
			cpu, ok := n.Runtime.ContainerCPU(ct.ID)
			if !ok {
				continue
			}
			if l, share := s.c.loadShare(p); i == 0 && share {
				cpu = l
			}
			u.Containers = append(u.Containers, metricsserver.ContainerUsage{Name: ct.Name, CPUMillis: cpu})
		}
		if len(u.Containers) > 0 {
			out = append(out, u)
		}
	}
	return out, nil
}

// boundPods are the Pods bound to node, from the store (the kubelet's
// pod manager knows them).
func (c *Cluster) boundPods(node string) []*object.Object {
	res, err := c.plane.Store().RangePrefix("/registry/pods/", store.RangeOptions{})
	if err != nil {
		return nil
	}
	var out []*object.Object
	for _, kv := range res.KVs {
		if kv.Value.GetString(".spec.nodeName") == node {
			out = append(out, kv.Value)
		}
	}
	return out
}

// loadShare is the usage a load gives Pod p's first container, if a
// load covers p.
func (c *Cluster) loadShare(p *object.Object) (int64, bool) {
	for _, l := range c.ext.loads {
		if p.Meta.Namespace != l.namespace || !l.selector.Matches(p.Meta.Labels) {
			continue
		}
		running := 0
		for _, n := range c.nodes {
			for _, q := range c.boundPods(n.Name) {
				if q.Meta.Namespace != l.namespace || !l.selector.Matches(q.Meta.Labels) {
					continue
				}
				cts := n.Runtime.ListContainers(nil, q.Meta.UID)
				if len(cts) > 0 {
					if _, ok := n.Runtime.ContainerCPU(cts[0].ID); ok {
						running++
					}
				}
			}
		}
		if running == 0 {
			return 0, true
		}
		return l.millis / int64(running), true
	}
	return 0, false
}
