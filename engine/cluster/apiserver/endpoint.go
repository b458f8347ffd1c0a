package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// EndpointActor is the endpoint's actor in the trace: it appears only when
// it refuses a connection because no replica is up.
const EndpointActor trace.Actor = "control-plane-endpoint"

// ReasonConnectionRefused is the trace outcome reason of a request no
// replica received.
const ReasonConnectionRefused = "ConnectionRefused"

// Endpoint is the load balancer in front of the replicas; it implements
// api.Endpoint.
//
// Routing is sticky per client, as an HTTP/2 connection through an L4
// load balancer is: a client's first request is assigned the next replica
// that is up, in round-robin order, and the client keeps it until that
// replica stops; then its next request is assigned anew. With no replica
// up, the request fails with a connection refused (Code 0).
type Endpoint struct {
	p        *Plane
	host     string
	assigned map[trace.Actor]int
	next     int
}

// Do routes req to a replica and returns its answer.
func (e *Endpoint) Do(req *api.Request, h api.WatchHandler) *api.Response {
	return e.do(req, h, e.host)
}

// Via returns the same endpoint reached at another address, which
// connection errors name: in-cluster clients use api.KubernetesServiceHost.
func (e *Endpoint) Via(host string) api.Endpoint { return via{e, host} }

type via struct {
	e    *Endpoint
	host string
}

// Do routes req through the endpoint, naming v.host in connection errors.
func (v via) Do(req *api.Request, h api.WatchHandler) *api.Response { return v.e.do(req, h, v.host) }

func (e *Endpoint) do(req *api.Request, h api.WatchHandler, host string) *api.Response {
	if s := e.pick(req.From); s != nil {
		return s.Do(req, h)
	}
	st := api.NewConnectionRefused(req, host)
	info := api.ParseRequestInfo(req)
	ev := trace.Event{Time: e.p.cfg.Loop.Now(), From: req.From, To: EndpointActor, Verb: apiVerb(&info),
		Outcome: trace.Outcome{Reason: ReasonConnectionRefused, Message: st.Message}}
	describe(&ev, &info)
	e.p.cfg.Trace.Append(ev)
	return st.Response()
}

// pick returns the replica serving client, or nil when none is up.
func (e *Endpoint) pick(client trace.Actor) *Server {
	servers := e.p.servers
	if i, ok := e.assigned[client]; ok && servers[i].up {
		return servers[i]
	}
	for n := range servers {
		i := (e.next + n) % len(servers)
		if servers[i].up {
			e.assigned[client] = i
			e.next = i + 1
			return servers[i]
		}
	}
	return nil
}
