package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/proxy"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// buildNodes builds each Node's runtime, kubelet and kube-proxy. Node i
// (from 0) has InternalIP 10.0.1.(11+i) (240 to a /24) and Pod range
// 10.244.(i+1).0/24, carrying into the second octet past 255 Nodes.
//
// Kubelets project ServiceAccount tokens only for the ServiceAccounts the
// fixture opts in (see buildTokens); other Pods get an empty token file.
func (c *Cluster) buildNodes() {
	for i, n := range c.cfg.Nodes {
		cidr := podCIDR(i)
		rt := runtime.New(runtime.Config{Node: n.Name, Loop: c.env.Loop, Log: c.env.Log, Rand: c.env.Rand,
			Images: c.images, Network: c.net, PodCIDR: cidr})
		k := kubelet.New(kubelet.Config{Env: c.env, Node: n.Name, Token: c.authn.NodeToken(n.Name), Runtime: rt,
			InternalIP: nodeIP(i), Capacity: n.Capacity, Labels: n.Labels, PodCIDR: cidr, Tokens: c.ext.tokens, CSI: c.csiNodePlugins(n.Name)})
		c.registry.Add(k)
		px := proxy.New(proxy.Config{Env: c.env, Node: n.Name, Token: c.saTokens[KubeProxyServiceAccount], Net: c.net})
		c.nodes = append(c.nodes, &NodeParts{Name: n.Name, Kubelet: k, Runtime: rt, Proxy: px})
		c.add(k)
		c.add(px)
	}
}

// nodeIP is the InternalIP of node i.
func nodeIP(i int) string { return fmt.Sprintf("10.0.%d.%d", 1+i/240, 11+i%240) }

// podCIDR is the Pod range of node i.
func podCIDR(i int) string { return fmt.Sprintf("10.%d.%d.0/24", 244+(i+1)/256, (i+1)%256) }

// createTaintedNodes creates, as the admin, the Node objects of fixture
// Nodes that carry taints, so the taints are there before anything can be
// scheduled; each kubelet finds its Node when it registers.
func (c *Cluster) createTaintedNodes() error {
	for _, n := range c.cfg.Nodes {
		if len(n.Taints) == 0 {
			continue
		}
		o := object.New("v1", "Node")
		o.Meta.Name = n.Name
		var taints []any
		for _, t := range n.Taints {
			m := map[string]any{"key": t.Key, "effect": t.Effect}
			if t.Value != "" {
				m["value"] = t.Value
			}
			taints = append(taints, m)
		}
		o.Content["spec"] = map[string]any{"taints": taints}
		if err := c.adminCreate(c.env.Kind("", "Node"), o); err != nil {
			return fmt.Errorf("node %s: %w", n.Name, err)
		}
	}
	return nil
}
