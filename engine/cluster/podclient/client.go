package podclient

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Where the application finds the API server (pkg/kubelet's service
// environment variables for the `kubernetes` Service, and
// k8s.io/client-go/rest.InClusterConfig's token file).
const (
	// Service is the `kubernetes` Service, "namespace/name".
	Service = "default/kubernetes"
	// TokenFile is the projected token's path in every container.
	TokenFile = "/var/run/secrets/kubernetes.io/serviceaccount/token"
)

// Config is what the application needs from its surroundings: the data
// plane its packets cross, and the two things a process in the container
// can do without the API — read its own files and connect to an address.
type Config struct {
	Loop *sim.Loop
	Log  *trace.Log
	// Rand draws the rule's backend, as iptables' statistic match does.
	Rand *sim.Rand
	Net  *network.Network
	// ReadFile reads a file of the Pod's first running container; false
	// when the Pod runs no container.
	ReadFile func(namespace, pod, path string) (string, bool)
	// Dial connects to an API server replica listening at ip; nil when
	// nothing listens there.
	Dial func(ip string) (trace.Actor, api.Endpoint)
}

// Client is the in-Pod application of every Pod of one cluster.
type Client struct{ cfg Config }

// New returns the application for cfg.
func New(cfg Config) *Client { return &Client{cfg: cfg} }

// Pod is where the application runs.
type Pod struct {
	Namespace, Name string
	// IP is the Pod's IP, Node its node.
	IP, Node string
}

// Endpoint is the API as the application in p reaches it: each request
// reads the token, crosses the node's rules for the `kubernetes`
// Service (one HTTP event) and, if a replica answers, is sent over the
// connection with the token as its bearer credential. A failure before
// any API answer (no token, no rule, nothing listening) is a Status with
// code 0, as a client's dial error.
func (c *Client) Endpoint(p Pod) api.Endpoint { return endpoint{c, p} }

type endpoint struct {
	c *Client
	p Pod
}

// Do implements api.Endpoint.
func (e endpoint) Do(req *api.Request, h api.WatchHandler) *api.Response {
	c, p := e.c, e.p
	token, ok := c.cfg.ReadFile(p.Namespace, p.Name, TokenFile)
	if !ok {
		return failed(fmt.Sprintf("pod %s/%s runs no container", p.Namespace, p.Name))
	}
	if token == "" {
		// rest.InClusterConfig reads an empty file as no credential.
		return failed(fmt.Sprintf("open %s: the kubelet projected no token", TokenFile))
	}
	from := trace.Pod(p.Namespace, p.Name)
	ev := trace.Event{Time: c.cfg.Loop.Now(), From: from, Verb: trace.HTTP, Resource: "services",
		Namespace: "default", Name: "kubernetes"}
	ep, msg := c.connect(p, &ev)
	i := c.cfg.Log.Append(ev)
	if ep == nil {
		return failed(msg)
	}
	req.From, req.Token = from, token
	resp := ep.Do(req, h)
	c.cfg.Log.At(i).Outcome = trace.Outcome{Code: resp.Code}
	return resp
}

// failed is a request that got no HTTP answer.
func failed(msg string) *api.Response {
	return (&api.Status{Message: msg}).Response()
}

// connect follows the node's rule for the `kubernetes` Service to an
// API server replica, filling the HTTP event's target, detail and (on
// failure) outcome; on failure it returns the dial error's text.
func (c *Client) connect(p Pod, ev *trace.Event) (api.Endpoint, string) {
	net := c.cfg.Net
	fail := func(reason, msg, detail string) (api.Endpoint, string) {
		ev.Outcome = trace.Outcome{Reason: reason, Message: msg}
		ev.Detail = detail
		return nil, "dial tcp " + msg
	}
	if p.Node == "" || net.NodeDown(p.Node) {
		return fail("Timeout", "connection timed out", "pod has no reachable node")
	}
	var rule *network.ServiceRule
	for _, r := range net.Rules(p.Node).All() {
		if r.Service == Service {
			rule = r
			break
		}
	}
	if rule == nil {
		return fail("Timeout", "connection timed out", "via "+p.Node+": no rule for "+Service)
	}
	addr := rule.IP + ":" + strconv.Itoa(int(rule.Port))
	if len(rule.Backends) == 0 {
		ev.To = trace.Rules(p.Node)
		return fail("ConnectionRefused", addr+": connect: connection refused", "via "+p.Node+": "+Service+" has no endpoints")
	}
	b := rule.Backends[0]
	if n := len(rule.Backends); n > 1 {
		b = rule.Backends[c.cfg.Rand.Intn(n)]
	}
	target := b.IP + ":" + strconv.Itoa(int(b.Port))
	ev.Detail = "via " + p.Node + ": " + addr + " -> " + target
	actor, ep := c.cfg.Dial(b.IP)
	if ep == nil {
		return fail("ConnectionRefused", target+": connect: connection refused", ev.Detail)
	}
	ev.To = actor
	return ep, ""
}
