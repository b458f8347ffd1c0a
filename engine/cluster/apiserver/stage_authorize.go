package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runAuthorize is the authorize gate (WithAuthorization,
// k8s.io/apiserver/pkg/endpoints/filters/authorization.go): the
// authorizer must allow the request's attributes, or the answer is 403
// with the forbidden message (auth.Forbidden). Without an authorizer everything is allowed
// (AlwaysAllow).
//
// Exec, attach and port-forward requested with GET (websockets) must also
// be allowed to create the subresource, as Kubernetes checks since
// KEP-4006 made websockets kubectl's default
// (pkg/registry/core/pod/rest/authorize.go, ensureAuthorizedForVerb).
func runAuthorize(r *request) *api.Status {
	attrs := r.attributes()
	if st := r.authorize(attrs); st != nil {
		return st
	}
	if r.info.Verb == "get" && isStreamingConnect(r.info.Subresource) && r.info.IsResourceRequest {
		attrs.Verb = "create"
		return r.authorize(attrs)
	}
	return nil
}

func isStreamingConnect(sub string) bool {
	return sub == "exec" || sub == "attach" || sub == "portforward"
}

func (r *request) authorize(attrs api.Attributes) *api.Status {
	a := r.s.p.cfg.Authorizer
	if a == nil {
		r.gate(trace.Authorize, 0, nil, "")
		return nil
	}
	d, reason := a.Authorize(attrs)
	if d == api.DecisionAllow {
		r.auditAnnotate(annotationDecision, "allow", annotationReason, reason)
		r.gate(trace.Authorize, 0, nil, reason)
		return nil
	}
	r.auditAnnotate(annotationDecision, "forbid", annotationReason, reason)
	st := auth.Forbidden(attrs, reason)
	r.gate(trace.Authorize, 0, st, "")
	return st
}
