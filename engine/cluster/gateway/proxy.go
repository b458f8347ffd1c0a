package gateway

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/httpmatch"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Route is one programmed HTTPRoute rule match.
type Route struct {
	// Route is the HTTPRoute, "namespace/name".
	Route string
	// Hostnames the route accepts; empty accepts any.
	Hostnames []string
	// PathType is Exact or PathPrefix; Path its value.
	PathType, Path string
	// Backends are "namespace/name" Services with their port and weight;
	// none when the rule's backends did not resolve.
	Backends []Backend
}

// Backend is one resolved backendRef.
type Backend struct {
	Service string
	Port    int32
	Weight  int64
}

// Proxy is one Gateway's data plane, programmed by the controller.
type Proxy struct {
	loop       *sim.Loop
	log        *trace.Log
	Namespace  string
	Name       string
	IP         string
	routes     []Route
	programmed string
	next       int
}

// Actor is "gateway/NAMESPACE/NAME".
func (p *Proxy) Actor() trace.Actor { return trace.Actor("gateway/" + p.Namespace + "/" + p.Name) }

// Routes are the programmed routes, in match order.
func (p *Proxy) Routes() []Route { return slices.Clone(p.routes) }

// configure programs routes, recording one SYNC event from from when
// they differ from the programmed ones; it reports whether they did.
func (p *Proxy) configure(from trace.Actor, routes []Route) bool {
	routes = slices.Clone(routes)
	slices.SortStableFunc(routes, func(a, b Route) int {
		if (a.PathType == "Exact") != (b.PathType == "Exact") {
			if a.PathType == "Exact" {
				return -1
			}
			return 1
		}
		return len(b.Path) - len(a.Path)
	})
	var parts []string
	for _, r := range routes {
		parts = append(parts, r.String())
	}
	summary := strings.Join(parts, "; ")
	if summary == p.programmed && p.routes != nil {
		return false
	}
	p.routes, p.programmed = routes, summary
	if p.routes == nil {
		p.routes = []Route{}
	}
	if summary == "" {
		summary = "no routes"
	}
	p.log.Append(trace.Event{Time: p.loop.Now(), From: from, To: p.Actor(), Verb: trace.Sync,
		Resource: "gateways", Namespace: p.Namespace, Name: p.Name, Detail: summary, Outcome: trace.Outcome{Code: 200}})
	return true
}

// String is "hosts PathType path -> backends".
func (r Route) String() string {
	hosts := "*"
	if len(r.Hostnames) > 0 {
		hosts = strings.Join(r.Hostnames, ",")
	}
	var bs []string
	for _, b := range r.Backends {
		bs = append(bs, fmt.Sprintf("%s:%d", b.Service, b.Port))
	}
	if len(bs) == 0 {
		bs = []string{"(unresolved)"}
	}
	return fmt.Sprintf("%s %s %s -> %s", hosts, r.PathType, r.Path, strings.Join(bs, ","))
}

// Forward takes one request for host and path from a client: it records
// the hop to the proxy and returns the backend Service and port, or the
// HTTP status the proxy answers itself (404 with no matching route, 500
// when the matched rule has no valid backend).
func (p *Proxy) Forward(from trace.Actor, host, path string) (service string, port int32, code int) {
	ev := trace.Event{Time: p.loop.Now(), From: from, To: p.Actor(), Verb: trace.HTTP, Resource: "gateways",
		Namespace: p.Namespace, Name: p.Name}
	host = strings.ToLower(strings.Split(host, ":")[0])
	for _, r := range p.routes {
		if !hostMatches(r.Hostnames, host) || !pathMatches(r.PathType, r.Path, path) {
			continue
		}
		ev.Detail = fmt.Sprintf("Host: %s %s route %s", host, path, r.Route)
		b, ok := p.pick(r.Backends)
		if !ok {
			ev.Outcome = trace.Outcome{Code: 500, Reason: "InternalServerError", Message: "no valid backend"}
			p.log.Append(ev)
			return "", 0, 500
		}
		ev.Detail += fmt.Sprintf(" -> %s:%d", b.Service, b.Port)
		p.log.Append(ev)
		return b.Service, b.Port, 0
	}
	ev.Detail = fmt.Sprintf("Host: %s %s", host, path)
	ev.Outcome = trace.Outcome{Code: 404, Reason: "NotFound", Message: "no route matches"}
	p.log.Append(ev)
	return "", 0, 404
}

// pick is weighted round robin over the backends.
func (p *Proxy) pick(bs []Backend) (Backend, bool) {
	var total int64
	for _, b := range bs {
		total += b.Weight
	}
	if total == 0 {
		return Backend{}, false
	}
	n := int64(p.next) % total
	p.next++
	for _, b := range bs {
		if n < b.Weight {
			return b, true
		}
		n -= b.Weight
	}
	return Backend{}, false
}

// hostMatches applies HTTPRoute hostname matching: exact, or a leading
// "*." label wildcard matching one or more labels.
func hostMatches(hosts []string, host string) bool {
	if len(hosts) == 0 {
		return true
	}
	for _, h := range hosts {
		if h == host || (strings.HasPrefix(h, "*.") && strings.HasSuffix(host, h[1:]) && len(host) > len(h)-1) {
			return true
		}
	}
	return false
}

// pathMatches applies HTTPPathMatch: Exact is equality; PathPrefix
// matches element-wise ("/api" matches "/api" and "/api/x", not
// "/apix").
func pathMatches(typ, want, path string) bool {
	if typ == "Exact" {
		return httpmatch.Exact(want, path)
	}
	return httpmatch.Prefix(want, path)
}
