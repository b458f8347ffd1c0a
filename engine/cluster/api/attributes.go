package api

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
)

// RequestInfo is what the API server reads from a request's path and
// method before it authorizes it (k8s.io/apiserver/pkg/endpoints/request.RequestInfo).
type RequestInfo struct {
	IsResourceRequest bool
	Path              string
	// Verb is the API verb: get, list, watch, create, update, patch,
	// delete, deletecollection; for non-resource paths the lower-case
	// HTTP method.
	Verb        string
	APIPrefix   string // "api" or "apis"
	APIGroup    string
	APIVersion  string
	Namespace   string
	Resource    string
	Subresource string
	Name        string
	// Depth is how many path segments follow the namespace (or the
	// version, for cluster-scoped paths): 1 for a collection, 2 for an
	// object, 3 for a subresource, more for a path nobody serves. It is
	// the length of Kubernetes' RequestInfo.Parts, which is all the
	// router reads of them.
	Depth int
	// FieldSelector and LabelSelector are the unparsed selectors of a
	// list, watch or deletecollection request, for authorizers that
	// scope reads by them (the Node authorizer's spec.nodeName); empty
	// for other verbs.
	FieldSelector string
	LabelSelector string
}

// ParseRequestInfo derives the RequestInfo of a request the way
// k8s.io/apiserver/pkg/endpoints/request/requestinfo.go does:
//
//	/api/v1/namespaces/demo/pods/web/log  → get pods/log web in demo
//	/apis/apps/v1/namespaces/demo/deployments  (POST) → create deployments
//	/apis/apps/v1/deployments  (GET) → list across namespaces
//	/version, /readyz → non-resource
func ParseRequestInfo(req *Request) RequestInfo {
	info := RequestInfo{Path: req.Path, Verb: lowerMethod(req.Method)}
	var buf [maxPathSegments]string
	parts := splitPath(buf[:0], req.Path)
	if len(parts) < 2 || (parts[0] != "api" && parts[0] != "apis") {
		return info
	}
	info.APIPrefix = parts[0]
	parts = parts[1:]
	if info.APIPrefix == "apis" {
		if len(parts) < 2 {
			return info // /apis, /apis/GROUP: discovery, non-resource
		}
		info.APIGroup, parts = parts[0], parts[1:]
	}
	info.APIVersion, parts = parts[0], parts[1:]
	if len(parts) == 0 {
		return info // /api/v1: discovery
	}
	info.IsResourceRequest = true
	switch req.Method {
	case MethodPost:
		info.Verb = "create"
	case MethodGet:
		info.Verb = "get"
	case MethodPut:
		info.Verb = "update"
	case MethodPatch:
		info.Verb = "patch"
	case MethodDelete:
		info.Verb = "delete"
	default:
		info.Verb = ""
	}
	if parts[0] == "namespaces" {
		if len(parts) > 1 {
			info.Namespace = parts[1]
			// /namespaces/NAME and /namespaces/NAME/status address the
			// Namespace object itself.
			if len(parts) > 2 && !isNamespaceSubresource(parts[2]) {
				parts = parts[2:]
			}
		}
	}
	info.Depth = len(parts)
	switch {
	case len(parts) >= 3:
		info.Subresource = parts[2]
		fallthrough
	case len(parts) == 2:
		info.Name = parts[1]
		fallthrough
	case len(parts) == 1:
		info.Resource = parts[0]
	}
	if info.Resource == "namespaces" && info.Name == "" && info.Namespace != "" {
		info.Name, info.Namespace = info.Namespace, ""
	} else if info.Resource == "namespaces" {
		info.Namespace = ""
	}
	if info.Name == "" && info.Verb == "get" {
		info.Verb = "list"
		if req.List.Watch {
			info.Verb = "watch"
		}
		// A metadata.name field selector names the object
		// (requestinfo.go), so the Node authorizer and RBAC resourceNames
		// can allow a list or watch of one object.
		if fs, err := selector.ParseFields(req.List.FieldSelector); err == nil {
			if name, ok := fs.RequiresExactMatch("metadata.name"); ok && validPathSegmentName(name) {
				info.Name = name
			}
		}
	}
	if info.Name == "" && info.Verb == "delete" {
		info.Verb = "deletecollection"
	}
	// Selectors are kept only for the verbs that honour them
	// (requestinfo.go, verbsWithSelectors).
	switch info.Verb {
	case "list", "watch", "deletecollection":
		info.FieldSelector = req.List.FieldSelector
		info.LabelSelector = req.List.LabelSelector
	}
	return info
}

// isNamespaceSubresource reports whether seg after /namespaces/NAME is a
// subresource of the Namespace itself.
func isNamespaceSubresource(seg string) bool { return seg == "status" || seg == "finalize" }

// lowerMethod is strings.ToLower(method), without building the usual
// methods' lower-case forms anew.
func lowerMethod(method string) string {
	switch method {
	case MethodGet:
		return "get"
	case MethodPost:
		return "post"
	case MethodPut:
		return "put"
	case MethodPatch:
		return "patch"
	case MethodDelete:
		return "delete"
	}
	return strings.ToLower(method)
}

// maxPathSegments is how many segments a path the API server serves has
// at most (/apis/GROUP/VERSION/namespaces/NS/RESOURCE/NAME/SUBRESOURCE):
// splitting into an array this long keeps a request's segments off the
// heap. Longer paths still split, into a grown slice.
const maxPathSegments = 8

// splitPath appends p's "/"-separated segments, without the leading and
// trailing slashes, to dst (strings.Split of the trimmed path; nothing for
// an empty one).
func splitPath(dst []string, p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return dst
	}
	// A loop over IndexByte rather than strings.SplitSeq: every request's
	// path is split, and the iterator's calls cost more than the search.
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return append(dst, p)
		}
		dst = append(dst, p[:i])
		p = p[i+1:]
	}
}

// GroupResource is the resource the request addresses.
func (i RequestInfo) GroupResource() GroupResource {
	return GroupResource{Group: i.APIGroup, Resource: i.Resource}
}

// Attributes are what authorization and admission decide on
// (k8s.io/apiserver/pkg/authorization/authorizer.Attributes).
type Attributes struct {
	User *UserInfo
	RequestInfo
}

// Decision is an authorizer's answer.
type Decision int

// The decisions, as k8s.io/apiserver/pkg/authorization/authorizer.
const (
	DecisionNoOpinion Decision = iota
	DecisionAllow
	DecisionDeny
)

// Authorizer decides whether a request may proceed. The reason explains a
// denial or an allow, for the trace and for audit.
type Authorizer interface {
	Authorize(a Attributes) (Decision, string)
}

// Authenticator turns a credential into an identity; ok is false when the
// token is not recognised (401).
type Authenticator interface {
	AuthenticateToken(token string) (user *UserInfo, ok bool)
}

// validPathSegmentName reports whether name can be a path segment
// (k8s.io/apimachinery/pkg/api/validation/path, IsValidPathSegmentName).
func validPathSegmentName(name string) bool {
	if name == "." || name == ".." {
		return false
	}
	return !strings.ContainsAny(name, "/%")
}
