package apiserver

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// request is one request in flight through a replica.
type request struct {
	s    *Server
	req  *api.Request
	h    api.WatchHandler
	now  sim.Time
	info api.RequestInfo
	// query is the path's query string, for non-resource paths (?verbose).
	query string
	user  *api.UserInfo

	// Set by the route stage.
	kind     *object.KindInfo
	op       *operation
	routeErr *api.Status // answered after authorization, as Kubernetes does

	// The object being written and the stored one it replaces, with the
	// latter's store revision.
	obj, old *object.Object
	oldRev   int64
	// body is the decoded body of a subresource write (Binding, Eviction,
	// Scale).
	body *object.Object
	// bindPod is the Pod a binding binds.
	bindPod string
	// deleted is the outcome of a delete.
	deleted deleted
	// collection lists what a deletecollection deleted.
	collection []*object.Object

	// attrs are the admission attributes, shared by both phases; they
	// point to attrsBuf.
	attrs    *api.AdmissionAttributes
	attrsBuf api.AdmissionAttributes
	warnings []string
	// undo releases what a failed write had reserved (a cluster IP).
	undo []func()

	// key is the store key of keyKind's keyNamespace/keyName, the last
	// one the request asked for (see objectKey).
	key                   string
	keyKind               *object.KindInfo
	keyNamespace, keyName string

	// aud is the request's audit record; nil when it is not logged.
	aud *auditing

	// Trace bookkeeping: the request event and the route event, completed
	// when the request ends.
	event, routeEvent int
	rvAfter           string
	change            *trace.Change // nil: none
}

func newRequest(s *Server, req *api.Request, h api.WatchHandler) *request {
	var r *request
	if n := len(s.free); n > 0 {
		r, s.free = s.free[n-1], s.free[:n-1]
	} else {
		r = &request{}
	}
	r.s, r.req, r.h, r.now = s, req, h, s.p.cfg.Loop.Now()
	if path, query, ok := strings.Cut(req.Path, "?"); ok {
		// The query (?verbose) is not part of the path that is routed and
		// authorized.
		stripped := *req
		stripped.Path = path
		r.info = api.ParseRequestInfo(&stripped)
		r.query = query
	} else {
		r.info = s.parsed.parse(req)
	}
	if req.Object != nil && r.info.Subresource != "" && r.info.Subresource != "status" {
		r.renderSent() // the other subresources read the tree (finalize, scale, …)
	}
	return r
}

// release returns a finished request to its replica's free list: nothing
// refers to it once answered (requests nest, when admission calls back
// into the API, so the list may hold several).
func (r *request) release() {
	s := r.s
	*r = request{}
	s.free = append(s.free, r)
}

// gr is the resource the request addresses, as messages name it.
func (r *request) gr() api.GroupResource {
	if r.kind != nil {
		return api.GroupResource{Group: r.kind.Group, Resource: r.kind.Resource}
	}
	return r.info.GroupResource()
}

// attributes are what authorization and admission decide on.
func (r *request) attributes() api.Attributes {
	return api.Attributes{User: r.user, RequestInfo: r.info}
}

// serve runs the pipeline and answers.
func (r *request) serve() *api.Response {
	r.begin()
	for i := range r.s.stages {
		st := &r.s.stages[i]
		if st.skip != nil && st.skip(r) {
			continue
		}
		if status := st.run(r); status != nil {
			return r.answer(status.Response())
		}
		if st.answersRoute && r.routeErr != nil {
			r.s.p.cfg.Trace.At(r.routeEvent).Outcome = outcome(r.routeErr)
			resp := r.routeErr.Response()
			if !r.info.IsResourceRequest && resp.Code == 404 {
				resp.Raw = []byte("404 page not found\n") // the mux's plain-text answer
			}
			return r.answer(resp)
		}
	}
	return r.answer(r.op.respond(r))
}

// answer completes the request's trace event and returns resp. A failed
// write releases what it had reserved, and so does a dry run.
func (r *request) answer(resp *api.Response) *api.Response {
	if !resp.OK() || r.req.Write.DryRun {
		for i := len(r.undo) - 1; i >= 0; i-- {
			r.undo[i]()
		}
	}
	r.auditAnswered(resp)
	ev := r.s.p.cfg.Trace.At(r.event)
	if resp.OK() {
		ev.Outcome = trace.Outcome{Code: resp.Code}
	} else {
		ev.Outcome = outcome(resp.Status)
	}
	if r.obj != nil && ev.Name == "" {
		ev.Name = r.obj.Meta.Name
	}
	if r.old != nil {
		ev.RVBefore = r.old.Meta.ResourceVersion
	}
	ev.RVAfter = r.rvAfter
	ev.Change = r.change
	if len(r.warnings) > 0 {
		resp.Warnings = append(resp.Warnings, r.warnings...)
	}
	return resp
}

// outcome is a failure as the trace records it.
func outcome(s *api.Status) trace.Outcome {
	if s == nil {
		return trace.Outcome{}
	}
	o := trace.Outcome{Code: s.Code, Reason: string(s.Reason), Message: s.Message}
	if s.Code == 0 && o.Reason == "" {
		o.Reason = ReasonConnectionRefused
	}
	return o
}

// objectKey is the store key of namespace/name of k, built once for the
// request however often it is asked for: an update reads the object and
// writes it back under one key. It is the plane's memoised prefix of the
// namespace and the name, one concatenation of two strings.
func (r *request) objectKey(k *object.KindInfo, namespace, name string) string {
	if r.key == "" || r.keyKind != k || r.keyNamespace != namespace || r.keyName != name {
		r.key, r.keyKind, r.keyNamespace, r.keyName = r.s.p.prefixes.objectKey(k, namespace, name), k, namespace, name
	}
	return r.key
}

// respond builds a success response around an object.
func respond(code int, o *object.Object) *api.Response {
	return &api.Response{Code: code, Object: o}
}
