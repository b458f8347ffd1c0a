package auth

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// ForbiddenMessage words a refused request as the API server does
// (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go,
// forbiddenMessage):
//
//	User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"
//	User "bob" cannot list resource "nodes" in API group "" at the cluster scope
//	User "bob" cannot get resource "pods/log" in API group "" in the namespace "demo"
//	User "bob" cannot get path "/metrics"
func ForbiddenMessage(a api.Attributes) string {
	username := ""
	if a.User != nil {
		username = a.User.Name
	}
	if !a.IsResourceRequest {
		return fmt.Sprintf("User %q cannot %s path %q", username, a.Verb, a.Path)
	}
	resource := a.Resource
	if a.Subresource != "" {
		resource += "/" + a.Subresource
	}
	if a.Namespace != "" {
		return fmt.Sprintf("User %q cannot %s resource %q in API group %q in the namespace %q", username, a.Verb, resource, a.APIGroup, a.Namespace)
	}
	return fmt.Sprintf("User %q cannot %s resource %q in API group %q at the cluster scope", username, a.Verb, resource, a.APIGroup)
}

// sanitize keeps a message from looking like HTML; quotes stay
// (responsewriters/errors.go, sanitizer).
func sanitize(s string) string {
	return strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;").Replace(s)
}

// Forbidden is the 403 the API server sends when authorization does not
// allow a request (responsewriters.Forbidden): the message above, then
// ": REASON" when the authorizers gave one, wrapped by
// apierrors.NewForbidden with the request's resource and name:
//
//	deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"
//	secrets "db" is forbidden: User "system:node:worker-a" cannot get resource "secrets" in API group "" in the namespace "demo": no relationship found between node 'worker-a' and this object
//	forbidden: User "bob" cannot get path "/metrics"
func Forbidden(a api.Attributes, reason string) *api.Status {
	msg := sanitize(ForbiddenMessage(a))
	if reason != "" {
		msg += ": " + reason
	}
	if !a.IsResourceRequest {
		// A non-resource request has no group or resource, so
		// NewForbidden takes its "forbidden: " form.
		return api.NewForbiddenPath(msg)
	}
	return api.NewForbidden(a.GroupResource(), a.Name, msg)
}
