package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runRoute is the route gate: the request's RequestInfo is parsed when the
// request arrives (WithRequestInfo, k8s.io/apiserver/pkg/endpoints/filters/
// requestinfo.go) and here it is matched with a handler: a resource and
// an operation, or a non-resource path. A request that matches nothing
// continues through authentication and authorization, as in Kubernetes,
// and is then answered 404 (or 405 for a method the path does not take).
func runRoute(r *request) *api.Status {
	if r.info.IsResourceRequest {
		r.routeErr = r.routeResource()
	} else {
		r.routeErr = r.routeNonResource()
	}
	r.routeEvent = r.gate(trace.Route, 0, nil, "")
	return nil
}

// notFoundPath is the 404 of a path the server does not serve
// (apierrors.NewGenericServerResponse for http.StatusNotFound).
func notFoundPath() *api.Status {
	return &api.Status{Code: http.StatusNotFound, Reason: api.ReasonNotFound,
		Message: "the server could not find the requested resource"}
}

// methodNotAllowed is the 405 of a method the path does not take
// (apierrors.NewGenericServerResponse for http.StatusMethodNotAllowed).
func methodNotAllowed() *api.Status {
	return &api.Status{Code: http.StatusMethodNotAllowed, Reason: api.ReasonMethodNotAllowed,
		Message: "the server does not allow this method on the requested resource"}
}

func (r *request) routeResource() *api.Status {
	info := &r.info
	if (info.APIPrefix == "api" && (info.APIGroup != "" || info.APIVersion != "v1")) || info.Resource == "" {
		return notFoundPath()
	}
	k, ok := r.s.p.cfg.Registry.ByGVR(info.APIGroup, info.APIVersion, info.Resource)
	if !ok || k.BodyOnly {
		if op := r.aggregatedOperation(); op != nil {
			r.op = op
			return nil
		}
		return notFoundPath()
	}
	r.kind = k
	// Namespaced resources are served under /namespaces/NS (lists and
	// watches also across namespaces); cluster-scoped ones never are. (A
	// list's Name may come from a metadata.name field selector; only a
	// name in the path counts here.)
	if k.Namespaced && info.Namespace == "" && info.Depth > 1 {
		return notFoundPath()
	}
	if !k.Namespaced && info.Namespace != "" {
		return notFoundPath()
	}
	if info.Subresource != "" && !k.HasSubresource(info.Subresource) {
		return notFoundPath()
	}
	if info.Depth > 3 {
		return notFoundPath()
	}
	op := operationFor(k, info)
	if op == nil {
		return methodNotAllowed()
	}
	r.op = op
	return nil
}

func (r *request) routeNonResource() *api.Status {
	op := nonResourceOperation(r.info.Path, r.query)
	if op == nil {
		return notFoundPath()
	}
	if r.req.Method != api.MethodGet {
		return methodNotAllowed()
	}
	r.op = op
	return nil
}
