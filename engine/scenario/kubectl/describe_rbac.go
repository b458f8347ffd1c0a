package kubectl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeRole is describe.go's RoleDescriber and ClusterRoleDescriber:
// the rules broken down to one verb, resource and name each
// (rbac.BreakdownRule), compacted back by resource (rbac.CompactRules)
// and sorted as their protobuf text (rbac.SortableRuleSlice).
func describeRole(o *object.Object) string {
	var broken []policyRule
	for _, m := range maps(listAt(o.Content, "rules")) {
		broken = append(broken, breakdownRule(policyRuleOf(m))...)
	}
	rules := compactRules(broken)
	slices.SortStableFunc(rules, func(a, b policyRule) int { return strings.Compare(a.String(), b.String()) })

	d := newDescriber()
	d.head(o, false)
	d.line(0, "PolicyRule:\n")
	d.line(1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n")
	d.line(1, "---------\t-----------------\t--------------\t-----\n")
	for _, r := range rules {
		d.line(1, "%s\t%v\t%v\t%v\n", combineResourceGroup(r.resources, r.apiGroups), r.nonResourceURLs, r.resourceNames, r.verbs)
	}
	return d.String()
}

// describeBinding is describe.go's RoleBindingDescriber and
// ClusterRoleBindingDescriber: the role referred to, and the subjects.
func describeBinding(o *object.Object) string {
	ref := object.AsMap(o.Content["roleRef"])
	d := newDescriber()
	d.head(o, false)
	d.line(0, "Role:\n")
	d.line(1, "Kind:\t%s\n", str(ref, "kind"))
	d.line(1, "Name:\t%s\n", str(ref, "name"))
	d.line(0, "Subjects:\n")
	d.line(1, "Kind\tName\tNamespace\n")
	d.line(1, "----\t----\t---------\n")
	for _, s := range maps(listAt(o.Content, "subjects")) {
		d.line(1, "%s\t%s\t%s\n", str(s, "kind"), str(s, "name"), str(s, "namespace"))
	}
	return d.String()
}

// policyRule is an rbac/v1 PolicyRule as describe handles it.
type policyRule struct {
	verbs, apiGroups, resources, resourceNames, nonResourceURLs []string
}

func policyRuleOf(m map[string]any) policyRule {
	return policyRule{verbs: strs(listAt(m, "verbs")), apiGroups: strs(listAt(m, "apiGroups")),
		resources: strs(listAt(m, "resources")), resourceNames: strs(listAt(m, "resourceNames")),
		nonResourceURLs: strs(listAt(m, "nonResourceURLs"))}
}

// String is the generated protobuf String of rbacv1.PolicyRule
// (k8s.io/api/rbac/v1/generated.pb.go), which describe sorts rules by.
func (r policyRule) String() string {
	return fmt.Sprintf("&PolicyRule{Verbs:%v,APIGroups:%v,Resources:%v,ResourceNames:%v,NonResourceURLs:%v,}",
		r.verbs, r.apiGroups, r.resources, r.resourceNames, r.nonResourceURLs)
}

// breakdownRule is kubectl/pkg/util/rbac's BreakdownRule: one rule per
// group, resource, verb and resource name, then one per non-resource URL
// and verb.
func breakdownRule(r policyRule) []policyRule {
	var out []policyRule
	for _, g := range r.apiGroups {
		for _, res := range r.resources {
			for _, v := range r.verbs {
				if len(r.resourceNames) == 0 {
					out = append(out, policyRule{apiGroups: []string{g}, resources: []string{res}, verbs: []string{v}})
					continue
				}
				for _, n := range r.resourceNames {
					out = append(out, policyRule{apiGroups: []string{g}, resources: []string{res}, verbs: []string{v}, resourceNames: []string{n}})
				}
			}
		}
	}
	for _, u := range r.nonResourceURLs {
		for _, v := range r.verbs {
			out = append(out, policyRule{nonResourceURLs: []string{u}, verbs: []string{v}})
		}
	}
	return out
}

// compactRules is kubectl/pkg/util/rbac's CompactRules: rules of one
// group, one resource and at most one name are merged, their verbs
// gathered in the order met; the others are kept as they are. Kubernetes
// appends the merged rules in map order, which the sort that follows
// makes irrelevant; they come here in the order first met.
func compactRules(rules []policyRule) []policyRule {
	type key struct {
		group, resource string
		named           bool
		name            string
	}
	var out []policyRule
	var merged []policyRule
	at := map[key]int{}
	for _, r := range rules {
		if len(r.resourceNames) > 1 || len(r.nonResourceURLs) > 0 || len(r.apiGroups) != 1 || len(r.resources) != 1 {
			out = append(out, r)
			continue
		}
		k := key{group: r.apiGroups[0], resource: r.resources[0]}
		if len(r.resourceNames) == 1 {
			k.named, k.name = true, r.resourceNames[0]
		}
		i, ok := at[k]
		if !ok {
			at[k] = len(merged)
			merged = append(merged, policyRule{apiGroups: r.apiGroups, resources: r.resources, resourceNames: r.resourceNames,
				verbs: slices.Clone(r.verbs)})
			continue
		}
		for _, v := range r.verbs {
			if !slices.Contains(merged[i].verbs, v) {
				merged[i].verbs = append(merged[i].verbs, v)
			}
		}
	}
	return append(out, merged...)
}

// combineResourceGroup is describe.go's CombineResourceGroup: the first
// resource with the first group ("deployments.apps", "pods/log").
func combineResourceGroup(resources, groups []string) string {
	if len(resources) == 0 {
		return ""
	}
	res, sub, hasSub := strings.Cut(resources[0], "/")
	out := res
	if len(groups) > 0 && groups[0] != "" {
		out += "." + groups[0]
	}
	if hasSub {
		out += "/" + sub
	}
	return out
}
