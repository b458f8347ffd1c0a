package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// Traffic sends n data-plane requests from the actor from to the Service
// "namespace/name", entering the cluster through the Nodes in round-robin
// order as a load balancer in front of them would. The requests never
// touch the API: they follow the nodes' forwarding rules to Pods.
func (c *Cluster) Traffic(from trace.Actor, service string, n int) []traffic.Result {
	return c.trafficClient().Send(traffic.Request{From: from, Service: service, Count: n})
}

// trafficClient is the cluster's one data-plane client.
func (c *Cluster) trafficClient() *traffic.Client {
	if c.traffic == nil {
		nodes := make([]string, len(c.nodes))
		for i, n := range c.nodes {
			nodes[i] = n.Name
		}
		c.traffic = traffic.New(traffic.Config{Loop: c.env.Loop, Log: c.env.Log, Rand: c.env.Rand, Net: c.net, Nodes: nodes})
	}
	return c.traffic
}
