package flowcontrol

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// The matching below follows k8s.io/apiserver/pkg/util/flowcontrol/rule.go.

// matches reports whether any rule of the schema matches the request.
func (s *schemaState) matches(w *who, info *api.RequestInfo) bool {
	for i := range s.Rules {
		r := &s.Rules[i]
		if !matchesASubject(w, s.subjects[i]) {
			continue
		}
		if info.IsResourceRequest {
			for j := range r.ResourceRules {
				if matchesResourceRule(info, &r.ResourceRules[j]) {
					return true
				}
			}
			continue
		}
		for j := range r.NonResourceRules {
			if matchesNonResourceRule(info, &r.NonResourceRules[j]) {
				return true
			}
		}
	}
	return false
}

func matchesASubject(w *who, subjects []subject) bool {
	for i := range subjects {
		if subjects[i].matches(w) {
			return true
		}
	}
	return false
}

func matchesResourceRule(info *api.RequestInfo, r *ResourcePolicyRule) bool {
	if !contains(r.Verbs, info.Verb, VerbAll) || !matchesResource(r.Resources, info) ||
		!contains(r.APIGroups, info.APIGroup, APIGroupAll) {
		return false
	}
	if info.Namespace == "" {
		return r.ClusterScope
	}
	return contains(r.Namespaces, info.Namespace, NamespaceEvery)
}

// matchesResource compares "resource" or "resource/subresource" with the
// rule's resources without building the joined string.
func matchesResource(resources []string, info *api.RequestInfo) bool {
	if len(resources) == 1 && resources[0] == ResourceAll {
		return true
	}
	for _, r := range resources {
		if info.Subresource == "" {
			if r == info.Resource {
				return true
			}
			continue
		}
		if len(r) == len(info.Resource)+1+len(info.Subresource) && strings.HasPrefix(r, info.Resource) &&
			r[len(info.Resource)] == '/' && strings.HasSuffix(r, info.Subresource) {
			return true
		}
	}
	return false
}

func matchesNonResourceRule(info *api.RequestInfo, r *NonResourcePolicyRule) bool {
	if !contains(r.Verbs, info.Verb, VerbAll) {
		return false
	}
	for _, p := range r.NonResourceURLs {
		if p == NonResourceAll || p == info.Path {
			return true
		}
		// Kubernetes tests the path against the rule with any "*" cut
		// and a "/" ensured at the end; this is the same test without
		// building that string.
		prefix := strings.TrimSuffix(p, "*")
		if !strings.HasPrefix(info.Path, prefix) {
			continue
		}
		if strings.HasSuffix(prefix, "/") || len(info.Path) > len(prefix) && info.Path[len(prefix)] == '/' {
			return true
		}
	}
	return false
}

// contains reports whether x is in list, or list is just the wildcard.
func contains(list []string, x, wildcard string) bool {
	if len(list) == 1 && list[0] == wildcard {
		return true
	}
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
