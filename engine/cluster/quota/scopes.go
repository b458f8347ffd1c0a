package quota

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Matches is the evaluators' Matches: the quota limits some resource the
// object counts against (among hard) and the object falls under every
// one of its scopes.
func Matches(quota *object.Object, group, resource string, o *object.Object, hard List) bool {
	if len(Matching(group, resource, hard)) == 0 {
		return false
	}
	for _, sel := range scopeSelectors(quota) {
		if group != "" || resource != "pods" || !podInScope(o, sel) {
			return false
		}
	}
	return true
}

// scopeSelector is a ScopedResourceSelectorRequirement.
type scopeSelector struct {
	scope, operator string
	values          []string
}

// scopeSelectors is getScopeSelectorsFromQuota: each of spec.scopes as an
// Exists requirement, then spec.scopeSelector's matchExpressions.
func scopeSelectors(quota *object.Object) []scopeSelector {
	var out []scopeSelector
	for _, s := range object.ListAt(quota.Spec(), "scopes") {
		if name, ok := s.(string); ok {
			out = append(out, scopeSelector{scope: name, operator: "Exists"})
		}
	}
	for _, e := range object.ListAt(quota.Spec(), "scopeSelector", "matchExpressions") {
		m := object.AsMap(e)
		sel := scopeSelector{scope: object.StringAt(m, "scopeName"), operator: object.StringAt(m, "operator")}
		for _, v := range object.ListAt(m, "values") {
			if s, ok := v.(string); ok {
				sel.values = append(sel.values, s)
			}
		}
		out = append(out, sel)
	}
	return out
}

// podInScope is podMatchesScopeFunc.
func podInScope(pod *object.Object, sel scopeSelector) bool {
	spec := pod.Spec()
	switch sel.scope {
	case "Terminating":
		return isTerminating(spec)
	case "NotTerminating":
		return !isTerminating(spec)
	case "BestEffort":
		return object.PodQOSClass(pod) == "BestEffort"
	case "NotBestEffort":
		return object.PodQOSClass(pod) != "BestEffort"
	case "PriorityClass":
		class := object.StringAt(spec, "priorityClassName")
		switch sel.operator {
		case "Exists":
			return class != ""
		case "DoesNotExist":
			return class == ""
		case "In":
			return contains(sel.values, class)
		case "NotIn":
			return !contains(sel.values, class)
		}
	}
	return false
}

// isTerminating is a Pod with activeDeadlineSeconds of at least 0.
func isTerminating(spec map[string]any) bool {
	n, ok := object.Int(spec["activeDeadlineSeconds"])
	return ok && n >= 0
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
