package auth

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// PolicyRule is one rule of a Role or ClusterRole (rbacv1.PolicyRule).
// A rule names either resources (with APIGroups and optional
// ResourceNames) or NonResourceURLs, and the verbs it grants on them.
type PolicyRule struct {
	Verbs           []string
	APIGroups       []string
	Resources       []string
	ResourceNames   []string
	NonResourceURLs []string
}

// The wildcards of a rule (k8s.io/api/rbac/v1/types.go: VerbAll,
// APIGroupAll, ResourceAll, NonResourceAll).
const (
	VerbAll        = "*"
	APIGroupAll    = "*"
	ResourceAll    = "*"
	NonResourceAll = "*"
)

// Allows reports whether the rule grants the request, exactly as
// plugin/pkg/auth/authorizer/rbac/rbac.go RuleAllows does: for a resource
// request the verb, API group, "resource/subresource" and name must match;
// for a non-resource request the verb and the path.
func (r *PolicyRule) Allows(a *api.Attributes) bool {
	if !verbMatches(r.Verbs, a.Verb) {
		return false
	}
	if !a.IsResourceRequest {
		return nonResourceURLMatches(r.NonResourceURLs, a.Path)
	}
	return apiGroupMatches(r.APIGroups, a.APIGroup) &&
		resourceMatches(r.Resources, a.Resource, a.Subresource) &&
		resourceNameMatches(r.ResourceNames, a.Name)
}

// The matchers below are pkg/apis/rbac/v1/evaluation_helpers.go.

func verbMatches(verbs []string, verb string) bool {
	for _, v := range verbs {
		if v == VerbAll || v == verb {
			return true
		}
	}
	return false
}

func apiGroupMatches(groups []string, group string) bool {
	for _, g := range groups {
		if g == APIGroupAll || g == group {
			return true
		}
	}
	return false
}

// resourceMatches matches "*", the combined "resource/subresource" (or the
// bare resource without a subresource), and "*/subresource". It compares
// without building the combined string, so it allocates nothing.
func resourceMatches(rules []string, resource, sub string) bool {
	for _, rr := range rules {
		if rr == ResourceAll {
			return true
		}
		if sub == "" {
			if rr == resource {
				return true
			}
			continue
		}
		if len(rr) == len(resource)+1+len(sub) && rr[len(resource)] == '/' &&
			rr[:len(resource)] == resource && rr[len(resource)+1:] == sub {
			return true
		}
		if len(rr) == len(sub)+2 && rr[0] == '*' && rr[1] == '/' && rr[2:] == sub {
			return true
		}
	}
	return false
}

// resourceNameMatches: an empty ResourceNames list matches every name
// (including none, for list and create); otherwise the name must be listed.
func resourceNameMatches(names []string, name string) bool {
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// nonResourceURLMatches matches "*", the exact path, and a trailing "*" as
// a prefix wildcard ("/apis/*" matches "/apis/apps/v1").
func nonResourceURLMatches(urls []string, path string) bool {
	for _, u := range urls {
		if u == NonResourceAll || u == path {
			return true
		}
		if strings.HasSuffix(u, "*") && strings.HasPrefix(path, strings.TrimRight(u, "*")) {
			return true
		}
	}
	return false
}
