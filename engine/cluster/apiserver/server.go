package apiserver

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Server is one API server replica. It serves requests through the gate
// pipeline (see Stages), from its own watch caches and the shared store.
// It is used from the sim loop's goroutine only.
type Server struct {
	p      *Plane
	name   trace.Actor
	addr   string
	up     bool
	caches map[cacheKey]*cache
	// lastCache is the cache cacheFor found last.
	lastCache lastCache
	prio      Prioritizer
	stages    []stage
	// renewed is when the replica last renewed its endpoint lease; leased
	// once it has.
	renewed sim.Time
	leased  bool
	// free holds finished requests for reuse.
	free []*request
	// authenticated holds, for users an authenticator returned without
	// system:authenticated, the copy with the group added (see
	// withAuthenticated).
	authenticated map[*api.UserInfo]*api.UserInfo
	// prioDetails are the PRIORITIZE details of the requests so far.
	prioDetails prioDetails
	// parsed holds the RequestInfo of the paths parsed so far (see
	// parseMemo).
	parsed parseMemo
}

func newServer(p *Plane, i int) *Server {
	s := &Server{
		p:    p,
		name: ReplicaName(i),
		addr: fmt.Sprintf("10.0.0.%d", firstReplicaIP+i),
		// Sized for a cache per kind, which start adds: growing the map
		// entry by entry rehashes it several times in every cluster.
		caches: make(map[cacheKey]*cache, len(p.cfg.Registry.Kinds())),
		stages: pipeline(),
	}
	if p.cfg.NewPrioritizer != nil {
		s.prio = p.cfg.NewPrioritizer(s.name)
	}
	return s
}

// Name returns the replica's actor name.
func (s *Server) Name() trace.Actor { return s.name }

// Address returns the replica's advertise address (its IP, without port).
func (s *Server) Address() string { return s.addr }

// Up reports whether the replica is running.
func (s *Server) Up() bool { return s.up }

// Ready reports what /readyz reports: up, the store reachable and every
// watch cache loaded.
func (s *Server) Ready() bool {
	if !s.up || !s.p.cfg.Store.Available() {
		return false
	}
	for _, c := range s.caches {
		if !c.ready {
			return false
		}
	}
	return true
}

// start brings the replica up and loads its watch caches.
func (s *Server) start() {
	if s.up {
		return
	}
	s.up = true
	s.p.cacheEpoch++
	s.renewed, s.leased = s.p.cfg.Loop.Now(), true
	for _, k := range s.p.cfg.Registry.Kinds() {
		s.addCache(k)
	}
}

// stop takes the replica down: every watch it serves ends with a lost
// connection, and its caches are dropped.
func (s *Server) stop() {
	if !s.up {
		return
	}
	s.up = false
	s.p.cacheEpoch++
	for _, key := range sortedCacheKeys(s.caches) {
		s.caches[key].close(connectionLost())
	}
	clear(s.caches)
}

// connectionLost ends the watches of a replica that stops, worded as
// client-go's watch decoder reports a connection that went away
// (k8s.io/client-go/rest/watch/decoder.go and watch/streamwatcher.go:
// "unable to decode an event from the watch stream: …"). Code 0: no HTTP
// answer.
func connectionLost() *api.Status {
	return &api.Status{Message: "unable to decode an event from the watch stream: http2: client connection lost"}
}

// Do serves one request on this replica, bypassing the endpoint. A
// stopped replica refuses the connection.
func (s *Server) Do(req *api.Request, h api.WatchHandler) *api.Response {
	if !s.up {
		host := fmt.Sprintf("%s:%d", s.addr, securePort)
		st := api.NewConnectionRefused(req, host)
		return st.Response()
	}
	r := newRequest(s, req, h)
	resp := r.serve()
	r.release()
	return resp
}
