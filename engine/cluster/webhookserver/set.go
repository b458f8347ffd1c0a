package webhookserver

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Set is the webhook servers of a cluster, by the host the API server
// dials; it is the admission.Caller the API server's webhook path ends
// in. A call to a host with no server fails as a Service without
// endpoints does.
type Set struct {
	byHost map[trace.Actor]*Server
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{byHost: map[trace.Actor]*Server{}} }

// Add adds a server, replacing one with the same host.
func (s *Set) Add(srv *Server) { s.byHost[srv.host] = srv }

// Server returns the server reached as host, or nil.
func (s *Set) Server(host trace.Actor) *Server { return s.byHost[host] }

// Servers are the servers, sorted by host.
func (s *Set) Servers() []*Server {
	out := make([]*Server, 0, len(s.byHost))
	for _, srv := range s.byHost {
		out = append(out, srv)
	}
	slices.SortFunc(out, func(a, b *Server) int { return strings.Compare(string(a.host), string(b.host)) })
	return out
}

// Len is the number of servers.
func (s *Set) Len() int { return len(s.byHost) }

// Call implements admission.Caller.
func (s *Set) Call(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
	srv := s.byHost[t.Actor()]
	if srv == nil {
		name := string(t.Actor())
		if t.Service != nil {
			name = t.Service.Name
		}
		return nil, admission.NoEndpoints(name)
	}
	return srv.Call(t, r)
}

var _ admission.Caller = (*Set)(nil)
