package auth

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestRBACFollowsPolicyChanges decides a request, changes the policy, and
// decides it again: what the authorizer compiled for the first decision
// (roles looked up, rules compiled, bindings indexed) must not outlive the
// objects it was compiled from.
func TestRBACFollowsPolicyChanges(t *testing.T) {
	getPods := PolicyRule{Verbs: []string{"get"}, Resources: []string{"pods"}, APIGroups: []string{""}}
	getNodes := PolicyRule{Verbs: []string{"get"}, Resources: []string{"nodes"}, APIGroups: []string{""}}
	podReader := role("", "reader", getPods)
	clusterBinding := binding("", "readers", "ClusterRole", "reader", group("readers"))
	const allowed = `RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "reader" to Group "readers"`
	const missing = `RBAC: clusterrole.rbac.authorization.k8s.io "reader" not found`
	type change struct {
		put    []*object.Object
		delete []policyKey
	}
	cases := []struct {
		name         string
		initial      []*object.Object
		change       change
		before       api.Decision
		beforeReason string
		after        api.Decision
		afterReason  string
	}{
		{"cluster role loses the rule",
			[]*object.Object{podReader, clusterBinding},
			change{put: []*object.Object{role("", "reader", getNodes)}},
			api.DecisionAllow, allowed, api.DecisionNoOpinion, ""},
		{"cluster role gains the rule",
			[]*object.Object{role("", "reader", getNodes), clusterBinding},
			change{put: []*object.Object{podReader}},
			api.DecisionNoOpinion, "", api.DecisionAllow, allowed},
		{"cluster role deleted",
			[]*object.Object{podReader, clusterBinding},
			change{delete: []policyKey{{"ClusterRole", "", "reader"}}},
			api.DecisionAllow, allowed, api.DecisionNoOpinion, missing},
		{"cluster role created after its binding",
			[]*object.Object{clusterBinding},
			change{put: []*object.Object{podReader}},
			api.DecisionNoOpinion, missing, api.DecisionAllow, allowed},
		{"binding deleted",
			[]*object.Object{podReader, clusterBinding},
			change{delete: []policyKey{{"ClusterRoleBinding", "", "readers"}}},
			api.DecisionAllow, allowed, api.DecisionNoOpinion, ""},
		{"unrelated namespaced role changed",
			[]*object.Object{podReader, clusterBinding},
			change{put: []*object.Object{role("demo", "other", getNodes)}},
			api.DecisionAllow, allowed, api.DecisionAllow, allowed},
		{"role binding to a cluster role created later",
			[]*object.Object{binding("demo", "readers", "ClusterRole", "reader", group("readers"))},
			change{put: []*object.Object{podReader}},
			api.DecisionNoOpinion, missing, api.DecisionAllow,
			`RBAC: allowed by RoleBinding "readers/demo" of ClusterRole "reader" to Group "readers"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := NewPolicySet(c.initial...)
			r := NewRBAC(src)
			req := request(who("r", "readers"), "GET", "/api/v1/namespaces/demo/pods/a", "", false)
			if d, reason := r.Authorize(req); d != c.before || reason != c.beforeReason {
				t.Fatalf("before: got %v %q, want %v %q", d, reason, c.before, c.beforeReason)
			}
			for _, o := range c.change.put {
				src.Put(o)
			}
			for _, k := range c.change.delete {
				src.Delete(k.kind, k.namespace, k.name)
			}
			if d, reason := r.Authorize(req); d != c.after || reason != c.afterReason {
				t.Fatalf("after: got %v %q, want %v %q", d, reason, c.after, c.afterReason)
			}
		})
	}
}
