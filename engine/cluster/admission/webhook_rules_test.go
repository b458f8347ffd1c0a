package admission

import "testing"

func TestRuleMatches(t *testing.T) {
	pods := RequestMatch{Operation: "CREATE", Version: "v1", Resource: "pods", Namespace: "demo"}
	podStatus := RequestMatch{Operation: "UPDATE", Version: "v1", Resource: "pods", Subresource: "status", Namespace: "demo"}
	deployScale := RequestMatch{Operation: "UPDATE", Group: "apps", Version: "v1", Resource: "deployments", Subresource: "scale", Namespace: "demo"}
	node := RequestMatch{Operation: "CREATE", Version: "v1", Resource: "nodes"}
	ns := RequestMatch{Operation: "CREATE", Version: "v1", Resource: "namespaces", Namespace: "demo"}
	rule := func(ops, groups, versions, resources []string, scope string) Rule {
		return Rule{Operations: ops, APIGroups: groups, APIVersions: versions, Resources: resources, Scope: scope}
	}
	all := []string{"*"}
	core := []string{""}
	v1 := []string{"v1"}
	tests := []struct {
		name string
		rule Rule
		req  RequestMatch
		want bool
	}{
		{"exact", rule([]string{"CREATE"}, core, v1, []string{"pods"}, "*"), pods, true},
		{"operation mismatch", rule([]string{"UPDATE", "DELETE"}, core, v1, []string{"pods"}, "*"), pods, false},
		{"operation wildcard", rule(all, core, v1, []string{"pods"}, "*"), pods, true},
		{"group mismatch", rule(all, []string{"apps"}, v1, []string{"pods"}, "*"), pods, false},
		{"group wildcard", rule(all, all, v1, []string{"pods"}, "*"), pods, true},
		{"version mismatch", rule(all, core, []string{"v1beta1"}, []string{"pods"}, "*"), pods, false},
		{"version wildcard", rule(all, core, all, []string{"pods"}, "*"), pods, true},
		{"resource mismatch", rule(all, all, all, []string{"services"}, "*"), pods, false},
		{"main resource does not match a subresource", rule(all, all, all, []string{"pods"}, "*"), podStatus, false},
		{"subresource", rule(all, all, all, []string{"pods/status"}, "*"), podStatus, true},
		{"other subresource", rule(all, all, all, []string{"pods/log"}, "*"), podStatus, false},
		{"resource/* matches subresources", rule(all, all, all, []string{"pods/*"}, "*"), podStatus, true},
		{"resource/* matches the resource", rule(all, all, all, []string{"pods/*"}, "*"), pods, true},
		{"*/scale", rule(all, all, all, []string{"*/scale"}, "*"), deployScale, true},
		{"*/scale not status", rule(all, all, all, []string{"*/scale"}, "*"), podStatus, false},
		{"* is main resources only", rule(all, all, all, []string{"*"}, "*"), deployScale, false},
		{"* matches a main resource", rule(all, all, all, []string{"*"}, "*"), pods, true},
		{"*/* matches everything", rule(all, all, all, []string{"*/*"}, "*"), deployScale, true},
		{"scope Namespaced, namespaced", rule(all, all, all, []string{"*"}, "Namespaced"), pods, true},
		{"scope Namespaced, cluster", rule(all, all, all, []string{"*"}, "Namespaced"), node, false},
		{"scope Namespaced, a namespace", rule(all, all, all, []string{"*"}, "Namespaced"), ns, false},
		{"scope Cluster, cluster", rule(all, all, all, []string{"*"}, "Cluster"), node, true},
		{"scope Cluster, namespaced", rule(all, all, all, []string{"*"}, "Cluster"), pods, false},
		{"scope Cluster, a namespace", rule(all, all, all, []string{"*"}, "Cluster"), ns, true},
		{"unknown scope", rule(all, all, all, []string{"*"}, "Everywhere"), pods, false},
		{"no operations", rule(nil, all, all, []string{"*"}, "*"), pods, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rule.Matches(tt.req); got != tt.want {
				t.Errorf("Matches = %v, want %v", got, tt.want)
			}
		})
	}
}
