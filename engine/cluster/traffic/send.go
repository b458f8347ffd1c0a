package traffic

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/network"
)

// The errors a connection can end with, as a client's socket reports them.
const (
	ErrRefused = "connection refused"
	ErrTimeout = "connection timed out"
	ErrNoRoute = "no route to host"
)

// Send sends req.Count requests, one after another at the current
// instant, records one HTTP event for each, and returns their results in
// order.
func (c *Client) Send(req Request) []Result {
	n := max(req.Count, 1)
	if req.Path == "" {
		req.Path = "/"
	}
	from := req.From
	src := ""
	if req.FromIP != "" {
		if ep, ok := c.cfg.Net.Pod(req.FromIP); ok {
			src = ep.Node
			if from == "" {
				from = podActor(ep.Pod)
			}
		}
	}
	if from == "" {
		from = DefaultClient
	}
	out := make([]Result, 0, n)
	for range n {
		via := src
		if req.FromIP == "" {
			via = c.entry(req.Via)
		}
		r := c.one(via, req)
		c.record(from, req, r)
		out = append(out, r)
	}
	return out
}

// entry picks the node an outside request enters through: the one named,
// or the load balancer's next node that is up.
func (c *Client) entry(via string) string {
	if via != "" {
		return via
	}
	nodes := c.cfg.Nodes
	for range nodes {
		node := nodes[c.next%len(nodes)]
		c.next++
		if !c.cfg.Net.NodeDown(node) {
			return node
		}
	}
	return ""
}

// one sends one request through node via.
func (c *Client) one(via string, req Request) Result {
	net := c.cfg.Net
	if via == "" || net.NodeDown(via) {
		return Result{Answer: network.Answer{Err: ErrTimeout}}
	}
	rule := lookup(net.Rules(via), req.Service, req.Port)
	if rule == nil {
		return Result{Via: via, Answer: network.Answer{Err: ErrTimeout}}
	}
	res := Result{Via: via, Address: rule.IP + ":" + strconv.Itoa(int(rule.Port))}
	if len(rule.Backends) == 0 {
		res.Answer = network.Answer{Err: ErrRefused}
		return res
	}
	res.Backend = rule.Backends[c.pick(len(rule.Backends))]
	ep, ok := net.Pod(res.Backend.IP)
	switch {
	case !ok:
		res.Answer = network.Answer{Err: ErrNoRoute}
	case net.NodeDown(ep.Node):
		res.Answer = network.Answer{Err: ErrTimeout}
	case ep.Backend == nil:
		res.Answer = network.Answer{Err: ErrRefused}
	default:
		res.Answer = ep.Backend.Serve(res.Backend.Port, req.Path)
	}
	return res
}

// lookup finds the Service's rule for port on a node, or its first rule
// in address order when port is 0.
func lookup(rules *network.Rules, service string, port int32) *network.ServiceRule {
	for _, r := range rules.All() {
		if r.Service == service && (port == 0 || r.Port == port) {
			return r
		}
	}
	return nil
}
