package admission

import "strings"

// RequestMatch is what a rule is matched against: the request's
// operation, group, version, resource, subresource and namespace.
type RequestMatch struct {
	Operation                             string
	Group, Version, Resource, Subresource string
	// Namespace is "" for cluster-scoped requests.
	Namespace string
}

// Matches reports whether the rule selects the request, as rules.Matcher
// does (k8s.io/apiserver/pkg/admission/plugin/webhook/predicates/rules/
// rules.go): scope, operation, group, version and resource all match.
// "*" matches any operation, group or version; a resource "*" matches
// every main resource and "*/*" every resource and subresource; "pods/*"
// matches pods and all its subresources, "*/scale" every scale.
func (r Rule) Matches(q RequestMatch) bool {
	return r.scope(q) &&
		exactOrWildcard(r.Operations, q.Operation) &&
		exactOrWildcard(r.APIGroups, q.Group) &&
		exactOrWildcard(r.APIVersions, q.Version) &&
		r.resource(q)
}

// scope: Namespace objects are cluster-scoped whatever their namespace.
func (r Rule) scope(q RequestMatch) bool {
	isNamespace := q.Group == "" && q.Version == "v1" && q.Resource == "namespaces"
	switch r.Scope {
	case "", "*":
		return true
	case "Namespaced":
		return !isNamespace && q.Namespace != ""
	case "Cluster":
		return isNamespace || q.Namespace == ""
	}
	return false
}

func (r Rule) resource(q RequestMatch) bool {
	for _, rs := range r.Resources {
		res, sub, _ := strings.Cut(rs, "/")
		if (res == "*" || res == q.Resource) && (sub == "*" || sub == q.Subresource) {
			return true
		}
	}
	return false
}

func exactOrWildcard(items []string, requested string) bool {
	for _, it := range items {
		if it == "*" || it == requested {
			return true
		}
	}
	return false
}
