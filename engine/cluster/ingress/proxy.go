package ingress

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// ProxyActor is the proxy's actor in the trace.
const ProxyActor trace.Actor = "ingress-proxy"

// The answers the proxy gives itself: ingress-nginx's default backend
// (404, body "default backend - 404"), nginx's for an upstream with no
// endpoints (503), a refused connection (502) and a timeout (504).
var (
	answerDefault     = trace.Outcome{Code: 404, Reason: "NotFound", Message: "default backend - 404"}
	answerNoEndpoints = trace.Outcome{Code: 503, Reason: "ServiceUnavailable", Message: "Service Temporarily Unavailable"}
)

// Proxy is the controller's data plane. It is used from the loop's
// goroutine and never calls the API server.
type Proxy struct {
	loop *sim.Loop
	log  *trace.Log
	net  *network.Network
	// IP is the address the controller publishes in Ingress status.
	IP         string
	servers    []Server
	ingresses  map[string]bool
	programmed string
	next       map[string]int // round-robin position per Service:port
}

// NewProxy returns an unprogrammed proxy at ip that reaches Pods on net.
func NewProxy(loop *sim.Loop, log *trace.Log, net *network.Network, ip string) *Proxy {
	return &Proxy{loop: loop, log: log, net: net, IP: ip, ingresses: map[string]bool{}, next: map[string]int{}}
}

// Actor is "ingress-proxy".
func (p *Proxy) Actor() trace.Actor { return ProxyActor }

// Servers are the programmed servers, by host ("" last).
func (p *Proxy) Servers() []Server { return slices.Clone(p.servers) }

// Serves reports whether the Ingress namespace/name is programmed, so
// that its address leads to this proxy.
func (p *Proxy) Serves(namespace, name string) bool { return p.ingresses[namespace+"/"+name] }

// configure programs servers for the Ingresses keys, recording one SYNC
// event from from when the configuration differs from the programmed one.
func (p *Proxy) configure(from trace.Actor, servers []Server, keys []string) bool {
	slices.SortStableFunc(servers, func(a, b Server) int {
		if (a.Host == "") != (b.Host == "") {
			if a.Host == "" {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Host, b.Host)
	})
	parts := make([]string, 0, len(servers))
	for _, s := range servers {
		parts = append(parts, s.String())
	}
	summary := strings.Join(parts, "; ")
	ingresses := map[string]bool{}
	for _, k := range keys {
		ingresses[k] = true
	}
	p.ingresses = ingresses
	if summary == p.programmed && p.servers != nil {
		p.servers = servers
		return false
	}
	p.servers, p.programmed = servers, summary
	p.log.Append(trace.Event{Time: p.loop.Now(), From: from, To: ProxyActor, Verb: trace.Sync,
		Resource: "ingresses", Detail: summary, Outcome: trace.Outcome{Code: 200}})
	return true
}

// Forward takes one request for host and path sent to the address of
// the Ingress namespace/name. It records the hop to the proxy and, when
// a backend is chosen, the proxy's request to the endpoint, and returns
// what the client got. An Ingress the proxy does not serve has no
// address yet: the request gets no answer and nothing is recorded.
func (p *Proxy) Forward(from trace.Actor, namespace, name, host, path string) traffic.Result {
	if !p.Serves(namespace, name) {
		return traffic.Result{}
	}
	if path == "" {
		path = "/"
	}
	hop := trace.Event{Time: p.loop.Now(), From: from, To: ProxyActor, Verb: trace.HTTP, Resource: "ingresses",
		Namespace: namespace, Name: name}
	res := traffic.Result{Address: p.IP + ":80"}
	srv := selectServer(p.servers, host)
	hostLabel := normalizeHost(host)
	var b *Backend
	route := "default backend"
	if srv != nil {
		if m, ok := Match(srv.Paths, path); ok {
			b, route = &m.Backend, fmt.Sprintf("%s %s %s", m.Ingress, m.PathType, orRoot(m.Path))
		} else if srv.Default != nil {
			b, route = srv.Default, "defaultBackend"
		}
	}
	hop.Detail = fmt.Sprintf("Host: %s %s -> %s", hostLabel, path, route)
	if b == nil {
		hop.Outcome = answerDefault
		res.Answer = network.Answer{Code: answerDefault.Code, Body: answerDefault.Message}
		p.log.Append(hop)
		return res
	}
	hop.Detail += " -> " + b.Service + ":" + strconv.Itoa(int(b.Port))
	if len(b.Endpoints) == 0 {
		hop.Outcome = answerNoEndpoints
		res.Answer = network.Answer{Code: answerNoEndpoints.Code, Body: answerNoEndpoints.Message}
		p.log.Append(hop)
		return res
	}
	key := b.Service + ":" + strconv.Itoa(int(b.Port))
	ep := b.Endpoints[p.next[key]%len(b.Endpoints)]
	p.next[key]++
	res.Backend = ep
	res.Answer = p.send(ep, path)
	hop.Outcome = outcome(res.Answer)
	p.log.Append(hop)
	ns, svc, _ := strings.Cut(b.Service, "/")
	podNS, pod, _ := strings.Cut(ep.Pod, "/")
	p.log.Append(trace.Event{Time: p.loop.Now(), From: ProxyActor, To: trace.Pod(podNS, pod), Verb: trace.HTTP,
		Resource: "services", Namespace: ns, Name: svc, Detail: "upstream " + ep.IP + ":" + strconv.Itoa(int(ep.Port)),
		Outcome: outcome(res.Answer)})
	return res
}

// send is the proxy's connection to an endpoint: nginx answers 502 when
// the connection fails and 504 when it times out.
func (p *Proxy) send(ep network.BackendAddr, path string) network.Answer {
	e, ok := p.net.Pod(ep.IP)
	switch {
	case !ok || e.Backend == nil:
		return network.Answer{Code: 502, Body: "Bad Gateway", Err: traffic.ErrRefused}
	case p.net.NodeDown(e.Node):
		return network.Answer{Code: 504, Body: "Gateway Time-out", Err: traffic.ErrTimeout}
	}
	return e.Backend.Serve(ep.Port, path)
}

// outcome is the trace outcome of an answer.
func outcome(a network.Answer) trace.Outcome {
	switch a.Code {
	case 502:
		return trace.Outcome{Code: 502, Reason: "BadGateway", Message: a.Err}
	case 504:
		return trace.Outcome{Code: 504, Reason: "GatewayTimeout", Message: a.Err}
	}
	if a.Err != "" {
		return trace.Outcome{Code: a.Code, Reason: "ConnectionFailed", Message: a.Err}
	}
	return trace.Outcome{Code: a.Code}
}
