package auth

import (
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// AggregateRules computes what the clusterrole-aggregation controller
// writes into a ClusterRole with an aggregationRule, in one sync
// (pkg/controller/clusterroleaggregation/clusterroleaggregation_controller.go):
// for each selector in order, the rules of every other ClusterRole it
// selects, those roles taken by name, each rule once. ok is false when role
// has no aggregationRule. Aggregation of aggregated roles converges over
// several syncs, as the controller's does.
func AggregateRules(role *object.Object, all []*object.Object) (rules []PolicyRule, ok bool) {
	agg, ok := role.Content["aggregationRule"].(map[string]any)
	if !ok {
		return nil, false
	}
	sorted := append([]*object.Object(nil), all...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Meta.Name < sorted[j].Meta.Name })
	rules = []PolicyRule{}
	selectors, _ := agg["clusterRoleSelectors"].([]any)
	for _, s := range selectors {
		sel, _ := object.LabelSelectorFrom(s)
		for _, o := range sorted {
			if o.Kind != "ClusterRole" || o.Meta.Name == role.Meta.Name || !sel.Matches(o.Meta.Labels) {
				continue
			}
			for _, r := range RulesOf(o) {
				if !containsRule(rules, r) {
					rules = append(rules, r)
				}
			}
		}
	}
	return rules, true
}

// aggregateAll syncs every aggregated ClusterRole of objs until nothing
// changes, setting their rules in place.
func aggregateAll(objs []*object.Object) {
	for changed := true; changed; {
		changed = false
		for _, o := range objs {
			rules, ok := AggregateRules(o, objs)
			if !ok || equalRules(rules, RulesOf(o)) {
				continue
			}
			values := make([]any, len(rules))
			for i, r := range rules {
				values[i] = r.Value()
			}
			o.Content["rules"] = values
			changed = true
		}
	}
}

// containsRule is the controller's ruleExists: semantic equality, under
// which a nil list equals an empty one.
func containsRule(rules []PolicyRule, r PolicyRule) bool {
	for _, x := range rules {
		if equalRule(x, r) {
			return true
		}
	}
	return false
}

func equalRules(a, b []PolicyRule) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equalRule(a[i], b[i]) {
			return false
		}
	}
	return true
}

func equalRule(a, b PolicyRule) bool {
	return equalList(a.Verbs, b.Verbs) && equalList(a.APIGroups, b.APIGroups) &&
		equalList(a.Resources, b.Resources) && equalList(a.ResourceNames, b.ResourceNames) &&
		equalList(a.NonResourceURLs, b.NonResourceURLs)
}

func equalList(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
