package audit

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Evaluate returns the level at which a request is logged and the stages
// left out, as policyChecker.LevelAndStages does
// (k8s.io/apiserver/pkg/audit/policy/checker.go): the first rule that
// matches decides; no match is LevelNone. The stages omitted are the
// policy's and the rule's together (NewChecker's unionStages). user is
// nil for a request that failed authentication.
func (p *Policy) Evaluate(user *api.UserInfo, info *api.RequestInfo) (Level, []Stage) {
	for i := range p.Rules {
		r := &p.Rules[i]
		if r.matches(user, info) {
			return r.Level, union(p.OmitStages, r.OmitStages)
		}
	}
	return LevelNone, p.OmitStages
}

// union is the stages of both lists, each once, in Stages order.
func union(a, b []Stage) []Stage {
	if len(b) == 0 {
		return a
	}
	var out []Stage
	for _, s := range Stages {
		if slices.Contains(a, s) || slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// matches is ruleMatches.
func (r *PolicyRule) matches(user *api.UserInfo, info *api.RequestInfo) bool {
	if len(r.Users) > 0 && (user == nil || !slices.Contains(r.Users, user.Name)) {
		return false
	}
	if len(r.UserGroups) > 0 {
		if user == nil || !slices.ContainsFunc(user.Groups, func(g string) bool { return slices.Contains(r.UserGroups, g) }) {
			return false
		}
	}
	if len(r.Verbs) > 0 && !slices.Contains(r.Verbs, info.Verb) {
		return false
	}
	if len(r.Namespaces) > 0 || len(r.Resources) > 0 {
		return r.matchesResource(info)
	}
	if len(r.NonResourceURLs) > 0 {
		return r.matchesNonResource(info)
	}
	return true
}

// matchesNonResource is ruleMatchesNonResource.
func (r *PolicyRule) matchesNonResource(info *api.RequestInfo) bool {
	if info.IsResourceRequest {
		return false
	}
	return slices.ContainsFunc(r.NonResourceURLs, func(spec string) bool { return pathMatches(info.Path, spec) })
}

// pathMatches is the checker's pathMatches: "*", the exact path, or a
// prefix ending in "*".
func pathMatches(path, spec string) bool {
	return spec == "*" || spec == path ||
		(strings.HasSuffix(spec, "*") && strings.HasPrefix(path, strings.TrimRight(spec, "*")))
}

// matchesResource is ruleMatchesResource: a subresource request matches
// "resource/subresource", "*/subresource", "resource/*" or "*".
func (r *PolicyRule) matchesResource(info *api.RequestInfo) bool {
	if !info.IsResourceRequest {
		return false
	}
	if len(r.Namespaces) > 0 && !slices.Contains(r.Namespaces, info.Namespace) {
		return false
	}
	if len(r.Resources) == 0 {
		return true
	}
	combined := info.Resource
	if info.Subresource != "" {
		combined += "/" + info.Subresource
	}
	for _, gr := range r.Resources {
		if gr.Group != info.APIGroup {
			continue
		}
		if len(gr.Resources) == 0 {
			return true
		}
		if len(gr.ResourceNames) > 0 && !slices.Contains(gr.ResourceNames, info.Name) {
			continue
		}
		for _, res := range gr.Resources {
			switch {
			case res == combined, res == "*":
				return true
			case info.Subresource != "" && strings.HasPrefix(res, "*/") && info.Subresource == res[2:]:
				return true
			case strings.HasSuffix(res, "/*") && info.Resource == strings.TrimSuffix(res, "/*"):
				return true
			}
		}
	}
	return false
}
