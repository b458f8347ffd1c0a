package fakeapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// Server is the fake API server.
type Server struct {
	Loop     *sim.Loop
	Registry *object.Registry
	Store    *store.Store[*object.Object]
	Rand     *sim.Rand

	// Requests records a copy of every request received, in order: as a
	// real server, the fake keeps none that a client sent, which may
	// send its next request in the same one (Client.DoGet).
	Requests []*api.Request

	// PageAll makes lists from resourceVersion "0" honour limit too, as
	// an API server without a watch cache does.
	PageAll bool

	watches []*watch
	down    bool
	faults  []*Fault
}

// Fault makes matching requests fail with Status, Times times (0: until
// removed).
type Fault struct {
	// Verb ("get", "list", "watch", "create", …) and Resource match the
	// request; "" matches anything.
	Verb, Resource string
	Status         *api.Status
	// Skip lets that many matching requests through first.
	Skip  int
	Times int
}

// New returns an empty server on loop with the built-in kinds.
func New(loop *sim.Loop) *Server {
	return &Server{Loop: loop, Registry: object.NewBuiltinRegistry(),
		Store: store.New[*object.Object](), Rand: sim.NewRand(1)}
}

// Inject adds a fault.
func (s *Server) Inject(f *Fault) { s.faults = append(s.faults, f) }

// SetDown takes the server down (every request is refused and every watch
// ends) or brings it back.
func (s *Server) SetDown(down bool) {
	s.down = down
	if down {
		s.DropWatches(io.ErrUnexpectedEOF)
	}
}

// Do implements api.Endpoint.
func (s *Server) Do(req *api.Request, h api.WatchHandler) *api.Response {
	sent := *req
	s.Requests = append(s.Requests, &sent)
	if s.down {
		return api.NewConnectionRefused(req, api.KubernetesServiceHost).Response()
	}
	info := api.ParseRequestInfo(req)
	if st := s.fault(info); st != nil {
		return st.Response()
	}
	if !info.IsResourceRequest {
		return &api.Response{Code: http.StatusOK, Raw: []byte("ok")}
	}
	k, ok := s.Registry.ByGVR(info.APIGroup, info.APIVersion, info.Resource)
	if !ok {
		return api.NewNotFound(info.GroupResource(), info.Name).Response()
	}
	switch info.Verb {
	case "get":
		return s.get(k, info)
	case "list":
		return s.list(k, info, req.List)
	case "watch":
		return s.watch(k, info, req.List, h)
	case "create":
		return s.create(k, info, req.SentTree())
	case "update":
		return s.update(k, info, req.SentTree())
	case "patch":
		return s.patch(k, info, req.Patch)
	case "delete":
		return s.delete(k, info)
	}
	return api.NewMethodNotSupported(info.GroupResource(), info.Verb).Response()
}

func (s *Server) fault(info api.RequestInfo) *api.Status {
	for i, f := range s.faults {
		if (f.Verb != "" && f.Verb != info.Verb) || (f.Resource != "" && f.Resource != info.Resource) {
			continue
		}
		if f.Skip > 0 {
			f.Skip--
			continue
		}
		if f.Times > 0 {
			f.Times--
			if f.Times == 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
		}
		return f.Status
	}
	return nil
}

// storeError maps a store failure to the API server's answer.
func storeError(k *object.KindInfo, name string, err error) *api.Response {
	gr := api.GroupResource{Group: k.Group, Resource: k.Resource}
	var ce *store.CompactedError
	switch {
	case errors.Is(err, store.ErrKeyNotFound):
		return api.NewNotFound(gr, name).Response()
	case errors.Is(err, store.ErrKeyExists):
		return api.NewAlreadyExists(gr, name).Response()
	case errors.Is(err, store.ErrConflict):
		return api.NewConflict(gr, name, api.OptimisticLockErrorMsg).Response()
	case errors.As(err, &ce):
		return api.NewResourceExpired(tooOld(ce.Requested, ce.Compacted)).Response()
	}
	return api.NewInternalError(err.Error()).Response()
}
