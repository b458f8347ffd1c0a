package auth

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// fixturePolicy is the bootstrap policy plus the bindings the cases use.
func fixturePolicy() *PolicySet {
	p := NewPolicySet(BootstrapObjects()...)
	for _, o := range []*object.Object{
		binding("demo", "dev", "ClusterRole", "edit", group("developers")),
		role("demo", "pod-reader",
			rule("get", "list").groups("").resources("pods", "pods/log"),
			rule("get").groups("").resources("configmaps").names("app-config")),
		binding("demo", "read-pods", "Role", "pod-reader", user("carol")),
		binding("demo", "builder-edit", "ClusterRole", "edit", sa("", "builder")),
		binding("", "monitor-view", "ClusterRole", "view", sa("ops", "monitor")),
		binding("", "sa-without-namespace", "ClusterRole", "cluster-admin", sa("", "builder")),
		role("", "node-reader", rule("get", "list").groups("").resources("nodes")),
		binding("", "ops-nodes", "ClusterRole", "node-reader", user("erin"), group("ops-team")),
		role("", "metrics-reader", rule("get").urls("/metrics", "/logs/*")),
		binding("", "prom-metrics", "ClusterRole", "metrics-reader", user("prom")),
		binding("demo", "dangling", "ClusterRole", "missing", user("dave")),
		binding("demo", "dangling-role", "Role", "gone", user("dave")),
	} {
		p.Put(o)
	}
	return p
}

// fixturePods are the Pods the Node authorizer sees.
func fixturePods() podsByNode {
	web := pod("demo", "web", "worker-a", map[string]any{
		"serviceAccountName": "builder",
		"volumes": []any{
			map[string]any{"name": "creds", "secret": map[string]any{"secretName": "db-pass"}},
			map[string]any{"name": "conf", "configMap": map[string]any{"name": "app-config"}},
			map[string]any{"name": "data", "persistentVolumeClaim": map[string]any{"claimName": "data"}},
		},
		"containers": []any{map[string]any{"name": "app", "env": []any{
			map[string]any{"name": "KEY", "valueFrom": map[string]any{"secretKeyRef": map[string]any{"name": "api-key", "key": "k"}}},
		}}},
	})
	other := pod("demo", "other", "worker-b", map[string]any{
		"volumes": []any{map[string]any{"name": "s", "secret": map[string]any{"secretName": "other-secret"}}},
	})
	return podsByNode{web, other}
}

func TestAuthorize(t *testing.T) {
	alice := who("alice", "developers")
	bob := who("bob")
	carol := who("carol")
	admin := who("admin", api.GroupMasters)
	anonymous := &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}
	workerA := nodeUser("worker-a")

	tests := []struct {
		name   string
		attrs  api.Attributes
		by     string // the deciding step of an allow
		reason string // the reason of an allow
		denied string // the 403 message of a refusal
	}{
		{name: "group subject through RoleBinding to ClusterRole",
			attrs: request(alice, "POST", "/apis/apps/v1/namespaces/demo/deployments", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by RoleBinding "dev/demo" of ClusterRole "edit" to Group "developers"`},
		{name: "RoleBinding to ClusterRole grants only in its namespace",
			attrs:  request(alice, "POST", "/apis/apps/v1/namespaces/prod/deployments", "", false),
			denied: `deployments.apps is forbidden: User "alice" cannot create resource "deployments" in API group "apps" in the namespace "prod"`},
		{name: "namespaced, no binding",
			attrs:  request(bob, "POST", "/apis/apps/v1/namespaces/demo/deployments", "", false),
			denied: `deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`},
		{name: "named object",
			attrs:  request(bob, "DELETE", "/apis/apps/v1/namespaces/demo/deployments/web", "", false),
			denied: `deployments.apps "web" is forbidden: User "bob" cannot delete resource "deployments" in API group "apps" in the namespace "demo"`},
		{name: "cluster-scoped core group",
			attrs:  request(bob, "GET", "/api/v1/nodes", "", false),
			denied: `nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope`},
		{name: "list across namespaces is at the cluster scope",
			attrs:  request(alice, "GET", "/apis/apps/v1/deployments", "", false),
			denied: `deployments.apps is forbidden: User "alice" cannot list resource "deployments" in API group "apps" at the cluster scope`},
		{name: "subresource",
			attrs:  request(bob, "GET", "/api/v1/namespaces/demo/pods/web/log", "", false),
			denied: `pods "web" is forbidden: User "bob" cannot get resource "pods/log" in API group "" in the namespace "demo"`},
		{name: "Role rule with a subresource",
			attrs: request(carol, "GET", "/api/v1/namespaces/demo/pods/web/log", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by RoleBinding "read-pods/demo" of Role "pod-reader" to User "carol"`},
		{name: "subresource not granted by its resource",
			attrs:  request(carol, "POST", "/api/v1/namespaces/demo/pods/web/exec", "", false),
			denied: `pods "web" is forbidden: User "carol" cannot create resource "pods/exec" in API group "" in the namespace "demo"`},
		{name: "resourceNames grants the named object",
			attrs: request(carol, "GET", "/api/v1/namespaces/demo/configmaps/app-config", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by RoleBinding "read-pods/demo" of Role "pod-reader" to User "carol"`},
		{name: "resourceNames refuses another name",
			attrs:  request(carol, "GET", "/api/v1/namespaces/demo/configmaps/other", "", false),
			denied: `configmaps "other" is forbidden: User "carol" cannot get resource "configmaps" in API group "" in the namespace "demo"`},
		{name: "resourceNames refuses a list",
			attrs:  request(carol, "GET", "/api/v1/namespaces/demo/configmaps", "", false),
			denied: `configmaps is forbidden: User "carol" cannot list resource "configmaps" in API group "" in the namespace "demo"`},
		{name: "non-resource URL refused",
			attrs:  request(bob, "GET", "/metrics", "", false),
			denied: `forbidden: User "bob" cannot get path "/metrics"`},
		{name: "non-resource URL granted",
			attrs: request(who("prom"), "GET", "/metrics", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "prom-metrics" of ClusterRole "metrics-reader" to User "prom"`},
		{name: "non-resource URL trailing wildcard",
			attrs: request(who("prom"), "GET", "/logs/kube-apiserver.log", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "prom-metrics" of ClusterRole "metrics-reader" to User "prom"`},
		{name: "health for everyone authenticated",
			attrs: request(bob, "GET", "/readyz", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"`},
		{name: "version for anonymous",
			attrs: request(anonymous, "GET", "/version", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:public-info-viewer" of ClusterRole "system:public-info-viewer" to Group "system:unauthenticated"`},
		{name: "discovery only for authenticated",
			attrs:  request(anonymous, "GET", "/api", "", false),
			denied: `forbidden: User "system:anonymous" cannot get path "/api"`},
		{name: "message is sanitized",
			attrs:  request(bob, "GET", "/<b>", "", false),
			denied: `forbidden: User "bob" cannot get path "/&lt;b&gt;"`},
		{name: "ServiceAccount subject defaults to the binding namespace",
			attrs: request(saUser("demo", "builder"), "POST", "/api/v1/namespaces/demo/pods", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by RoleBinding "builder-edit/demo" of ClusterRole "edit" to ServiceAccount "builder/demo"`},
		{name: "ServiceAccount of another namespace",
			attrs:  request(saUser("other", "builder"), "POST", "/api/v1/namespaces/demo/pods", "", false),
			denied: `pods is forbidden: User "system:serviceaccount:other:builder" cannot create resource "pods" in API group "" in the namespace "demo"`},
		{name: "ServiceAccount subject of a ClusterRoleBinding needs a namespace",
			attrs:  request(saUser("demo", "builder"), "GET", "/api/v1/nodes", "", false),
			denied: `nodes is forbidden: User "system:serviceaccount:demo:builder" cannot list resource "nodes" in API group "" at the cluster scope`},
		{name: "ServiceAccount through ClusterRoleBinding",
			attrs: request(saUser("ops", "monitor"), "GET", "/api/v1/namespaces/demo/pods", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "monitor-view" of ClusterRole "view" to ServiceAccount "monitor/ops"`},
		{name: "view does not read Secrets",
			attrs:  request(saUser("ops", "monitor"), "GET", "/api/v1/namespaces/demo/secrets/db-pass", "", false),
			denied: `secrets "db-pass" is forbidden: User "system:serviceaccount:ops:monitor" cannot get resource "secrets" in API group "" in the namespace "demo"`},
		{name: "group subject through ClusterRoleBinding",
			attrs: request(who("frank", "ops-team"), "GET", "/api/v1/nodes/worker-a", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "ops-nodes" of ClusterRole "node-reader" to Group "ops-team"`},
		{name: "first applying subject is reported",
			attrs: request(who("erin", "ops-team"), "GET", "/api/v1/nodes", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "ops-nodes" of ClusterRole "node-reader" to User "erin"`},
		{name: "system:masters short-circuit",
			attrs: request(admin, "DELETE", "/api/v1/namespaces/kube-system", "", false),
			by:    StepPrivileged},
		{name: "missing roles are the reason",
			attrs:  request(who("dave"), "GET", "/api/v1/namespaces/demo/pods/web", "", false),
			denied: `pods "web" is forbidden: User "dave" cannot get resource "pods" in API group "" in the namespace "demo": RBAC: [clusterrole.rbac.authorization.k8s.io "missing" not found, role.rbac.authorization.k8s.io "gone" not found]`},
		{name: "scheduler binds",
			attrs: request(who(UserKubeScheduler), "POST", "/api/v1/namespaces/demo/pods/web/binding", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"`},
		{name: "scheduler may not create pods",
			attrs:  request(who(UserKubeScheduler), "POST", "/api/v1/namespaces/demo/pods", "", false),
			denied: `pods is forbidden: User "system:kube-scheduler" cannot create resource "pods" in API group "" in the namespace "demo"`},
		{name: "controller writes through its ServiceAccount",
			attrs: request(saUser("kube-system", ControllerDeployment), "POST", "/apis/apps/v1/namespaces/demo/replicasets", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:controller:deployment-controller" of ClusterRole "system:controller:deployment-controller" to ServiceAccount "deployment-controller/kube-system"`},
		{name: "deployment controller does not create Pods",
			attrs:  request(saUser("kube-system", ControllerDeployment), "POST", "/api/v1/namespaces/demo/pods", "", false),
			denied: `pods is forbidden: User "system:serviceaccount:kube-system:deployment-controller" cannot create resource "pods" in API group "" in the namespace "demo"`},
		{name: "wildcard subresource rule",
			attrs: request(saUser("kube-system", ControllerHPA), "PUT", "/apis/apps/v1/namespaces/demo/deployments/web/scale", "", false),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:controller:horizontal-pod-autoscaler" of ClusterRole "system:controller:horizontal-pod-autoscaler" to ServiceAccount "horizontal-pod-autoscaler/kube-system"`},
		{name: "controller manager informers list everything",
			attrs: request(who(UserKubeControllerManager), "GET", "/apis/apps/v1/replicasets", "", true),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:kube-controller-manager" of ClusterRole "system:kube-controller-manager" to User "system:kube-controller-manager"`},
		{name: "kube-proxy watches EndpointSlices",
			attrs: request(who(UserKubeProxy), "GET", "/apis/discovery.k8s.io/v1/endpointslices", "", true),
			by:    StepRBAC, reason: `RBAC: allowed by ClusterRoleBinding "system:node-proxier" of ClusterRole "system:node-proxier" to User "system:kube-proxy"`},
		{name: "node updates its own Node",
			attrs: request(workerA, "PATCH", "/api/v1/nodes/worker-a/status", "", false),
			by:    StepNode},
		{name: "node reads its own Node",
			attrs: request(workerA, "GET", "/api/v1/nodes/worker-a", "", false),
			by:    StepNode},
		{name: "node may not read another Node",
			attrs:  request(workerA, "GET", "/api/v1/nodes/worker-b", "", false),
			denied: `nodes "worker-b" is forbidden: User "system:node:worker-a" cannot get resource "nodes" in API group "" at the cluster scope: node 'worker-a' cannot read 'worker-b', only its own Node object`},
		{name: "node may not list Nodes",
			attrs:  request(workerA, "GET", "/api/v1/nodes", "", false),
			denied: `nodes is forbidden: User "system:node:worker-a" cannot list resource "nodes" in API group "" at the cluster scope: node 'worker-a' cannot read all nodes, only its own Node object`},
		{name: "node reads a Secret its Pod mounts",
			attrs: request(workerA, "GET", "/api/v1/namespaces/demo/secrets/db-pass", "", false),
			by:    StepNode},
		{name: "node reads a Secret its Pod's env names",
			attrs: request(workerA, "GET", "/api/v1/namespaces/demo/secrets/api-key", "", false),
			by:    StepNode},
		{name: "node may not read another node's Secret",
			attrs:  request(workerA, "GET", "/api/v1/namespaces/demo/secrets/other-secret", "", false),
			denied: `secrets "other-secret" is forbidden: User "system:node:worker-a" cannot get resource "secrets" in API group "" in the namespace "demo": no relationship found between node 'worker-a' and this object`},
		{name: "node may not list Secrets",
			attrs:  request(workerA, "GET", "/api/v1/namespaces/demo/secrets", "", false),
			denied: `secrets is forbidden: User "system:node:worker-a" cannot list resource "secrets" in API group "" in the namespace "demo": No Object name found`},
		{name: "node reads its Pod's ConfigMap",
			attrs: request(workerA, "GET", "/api/v1/namespaces/demo/configmaps/app-config", "", false),
			by:    StepNode},
		{name: "node reads its Pod's claim",
			attrs: request(workerA, "GET", "/api/v1/namespaces/demo/persistentvolumeclaims/data", "", false),
			by:    StepNode},
		{name: "node creates a token for its Pod's ServiceAccount",
			attrs: request(workerA, "POST", "/api/v1/namespaces/demo/serviceaccounts/builder/token", "", false),
			by:    StepNode},
		{name: "node watches its Pods by field selector",
			attrs: request(workerA, "GET", "/api/v1/pods", "spec.nodeName=worker-a", true),
			by:    StepNode},
		{name: "node may not watch every Pod",
			attrs:  request(workerA, "GET", "/api/v1/pods", "", true),
			denied: `pods is forbidden: User "system:node:worker-a" cannot watch resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector`},
		{name: "node may not watch another node's Pods",
			attrs:  request(workerA, "GET", "/api/v1/pods", "spec.nodeName=worker-b", true),
			denied: `pods is forbidden: User "system:node:worker-a" cannot watch resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector`},
		{name: "node gets its own Pod",
			attrs: request(workerA, "GET", "/api/v1/namespaces/demo/pods/web", "", false),
			by:    StepNode},
		{name: "node may not get another node's Pod",
			attrs:  request(workerA, "GET", "/api/v1/namespaces/demo/pods/other", "", false),
			denied: `pods "other" is forbidden: User "system:node:worker-a" cannot get resource "pods" in API group "" in the namespace "demo": no relationship found between node 'worker-a' and this object`},
		{name: "node updates Pod status (NodeRestriction narrows it)",
			attrs: request(workerA, "PUT", "/api/v1/namespaces/demo/pods/other/status", "", false),
			by:    StepNode},
		{name: "node renews its Lease",
			attrs: request(workerA, "PUT", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-a", "", false),
			by:    StepNode},
		{name: "node may not renew another node's Lease",
			attrs:  request(workerA, "PUT", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-b", "", false),
			denied: `leases.coordination.k8s.io "worker-b" is forbidden: User "system:node:worker-a" cannot update resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node`},
		{name: "node may not touch Leases elsewhere",
			attrs:  request(workerA, "GET", "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler", "", false),
			denied: `leases.coordination.k8s.io "kube-scheduler" is forbidden: User "system:node:worker-a" cannot get resource "leases" in API group "coordination.k8s.io" in the namespace "kube-system": can only access leases in the "kube-node-lease" system namespace`},
		{name: "node reads Services by the system:node rules",
			attrs: request(workerA, "GET", "/api/v1/services", "", true),
			by:    StepNode},
		{name: "node may not read Deployments",
			attrs:  request(workerA, "GET", "/apis/apps/v1/namespaces/demo/deployments", "", false),
			denied: `deployments.apps is forbidden: User "system:node:worker-a" cannot list resource "deployments" in API group "apps" in the namespace "demo"`},
		{name: "user named like a node but not in system:nodes",
			attrs:  request(who("system:node:worker-a"), "GET", "/api/v1/namespaces/demo/secrets/db-pass", "", false),
			denied: `secrets "db-pass" is forbidden: User "system:node:worker-a" cannot get resource "secrets" in API group "" in the namespace "demo"`},
		{name: "unidentifiable node",
			attrs:  request(nodeUser(""), "GET", "/api/v1/namespaces/demo/secrets/db-pass", "", false),
			denied: `secrets "db-pass" is forbidden: User "system:node:" cannot get resource "secrets" in API group "" in the namespace "demo": unknown node for user "system:node:"`},
	}
	authz := NewDefaultAuthorizer(fixturePolicy(), fixturePods())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := authz.Decide(tt.attrs)
			if tt.denied != "" {
				if v.Decision == api.DecisionAllow {
					t.Fatalf("allowed by %s (%q), want %q", v.By, v.Reason, tt.denied)
				}
				st := Forbidden(tt.attrs, v.Reason)
				if st.Code != 403 || st.Reason != api.ReasonForbidden || st.Message != tt.denied {
					t.Errorf("got %d %s %q\nwant 403 Forbidden %q", st.Code, st.Reason, st.Message, tt.denied)
				}
				return
			}
			if v.Decision != api.DecisionAllow || v.By != tt.by || v.Reason != tt.reason {
				t.Errorf("got %v by %q reason %q, want allow by %q reason %q", v.Decision, v.By, v.Reason, tt.by, tt.reason)
			}
		})
	}
}

// TestRBACFollowsRevisions removes a binding (the "break rbac" fault) and
// restores it: the authorizer must notice both.
func TestRBACFollowsRevisions(t *testing.T) {
	p := fixturePolicy()
	r := NewRBAC(p)
	attrs := request(who("alice", "developers"), "POST", "/apis/apps/v1/namespaces/demo/deployments", "", false)
	steps := []struct {
		name   string
		change func()
		want   api.Decision
	}{
		{"bound", func() {}, api.DecisionAllow},
		{"binding removed", func() { p.Delete("RoleBinding", "demo", "dev") }, api.DecisionNoOpinion},
		{"binding restored", func() { p.Put(binding("demo", "dev", "ClusterRole", "edit", group("developers"))) }, api.DecisionAllow},
		{"role emptied", func() { p.Put(role("", "edit")) }, api.DecisionNoOpinion},
	}
	for _, s := range steps {
		s.change()
		if got, reason := r.Authorize(attrs); got != s.want {
			t.Errorf("%s: got %v (%q), want %v", s.name, got, reason, s.want)
		}
	}
}

func TestUnionJoinsReasons(t *testing.T) {
	say := func(d api.Decision, reason string) api.Authorizer {
		return authorizerFunc(func(api.Attributes) (api.Decision, string) { return d, reason })
	}
	tests := []struct {
		name string
		u    Union
		want Verdict
	}{
		{"all no opinion", Union{{"a", say(api.DecisionNoOpinion, "one")}, {"b", say(api.DecisionNoOpinion, "")}, {"c", say(api.DecisionNoOpinion, "two")}},
			Verdict{api.DecisionNoOpinion, "one\ntwo", ""}},
		{"deny stops the chain", Union{{"a", say(api.DecisionNoOpinion, "one")}, {"b", say(api.DecisionDeny, "no")}, {"c", say(api.DecisionAllow, "")}},
			Verdict{api.DecisionDeny, "no", "b"}},
		{"allow keeps only its reason", Union{{"a", say(api.DecisionNoOpinion, "one")}, {"b", say(api.DecisionAllow, "yes")}},
			Verdict{api.DecisionAllow, "yes", "b"}},
		{"empty", Union{}, Verdict{api.DecisionNoOpinion, "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.u.Decide(api.Attributes{User: who("x")}); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

type authorizerFunc func(api.Attributes) (api.Decision, string)

func (f authorizerFunc) Authorize(a api.Attributes) (api.Decision, string) { return f(a) }

// TestRBACAnswersFollowTheSource asks the same question before and after
// the source changes: a cached answer never outlives the revision it was
// given at, whether a binding is added, its role is deleted or it is
// deleted in turn.
func TestRBACAnswersFollowTheSource(t *testing.T) {
	src := NewPolicySet(role("demo", "reader", PolicyRule{Verbs: []string{"get"}, Resources: []string{"pods"}, APIGroups: []string{""}}))
	r := NewRBAC(src)
	alice := who("alice")
	get := request(alice, "GET", "/api/v1/namespaces/demo/pods/web", "", false)
	steps := []struct {
		change     func()
		want       api.Decision
		wantReason string
	}{
		{func() {}, api.DecisionNoOpinion, ""},
		{func() { src.Put(binding("demo", "read", "Role", "reader", user("alice"))) }, api.DecisionAllow,
			`RBAC: allowed by RoleBinding "read/demo" of Role "reader" to User "alice"`},
		{func() { src.Delete("Role", "demo", "reader") }, api.DecisionNoOpinion, `RBAC: role.rbac.authorization.k8s.io "reader" not found`},
		{func() { src.Delete("RoleBinding", "demo", "read") }, api.DecisionNoOpinion, ""},
	}
	for i, s := range steps {
		s.change()
		for range 2 { // the second answer comes from the cache
			if d, reason := r.Authorize(get); d != s.want || reason != s.wantReason {
				t.Errorf("step %d: got %v %q, want %v %q", i, d, reason, s.want, s.wantReason)
			}
		}
	}
}

// TestRBACDecisionsAreTheUsers asks the same request of users who differ
// in name or only in groups, in turns, and more distinct requests than the
// authorizer keeps decisions for: every answer is the user's own.
func TestRBACDecisionsAreTheUsers(t *testing.T) {
	src := NewPolicySet(binding("demo", "dev", "ClusterRole", "edit", group("developers")), role("", "edit",
		PolicyRule{Verbs: []string{"get"}, Resources: []string{"pods"}, APIGroups: []string{""}}))
	r := NewRBAC(src)
	users := []struct {
		u    *api.UserInfo
		want api.Decision
	}{
		{who("alice", "developers"), api.DecisionAllow},
		{who("alice"), api.DecisionNoOpinion},
		{who("bob", "viewers"), api.DecisionNoOpinion},
		{who("carol", "developers"), api.DecisionAllow},
	}
	for round := range 2 {
		for i, u := range users {
			if d, _ := r.Authorize(request(u.u, "GET", "/api/v1/namespaces/demo/pods/web", "", false)); d != u.want {
				t.Errorf("round %d, user %d (%s): got %v, want %v", round, i, u.u.Name, d, u.want)
			}
		}
	}
	alice := users[0].u
	for round := range 2 { // requests that differ in one attribute each
		for _, q := range []struct {
			method, path string
			want         api.Decision
		}{
			{"GET", "/api/v1/namespaces/demo/pods/web", api.DecisionAllow},
			{"GET", "/api/v1/namespaces/other/pods/web", api.DecisionNoOpinion},
			{"DELETE", "/api/v1/namespaces/demo/pods/web", api.DecisionNoOpinion},
			{"GET", "/api/v1/namespaces/demo/secrets/web", api.DecisionNoOpinion},
			{"GET", "/api/v1/namespaces/demo/pods/web/log", api.DecisionNoOpinion},
			{"GET", "/apis/apps/v1/namespaces/demo/pods/web", api.DecisionNoOpinion},
		} {
			if d, _ := r.Authorize(request(alice, q.method, q.path, "", false)); d != q.want {
				t.Errorf("round %d, %s %s: got %v, want %v", round, q.method, q.path, d, q.want)
			}
		}
	}
	for i := range 4 * decisionSlots { // more than the table keeps
		u := users[i%len(users)]
		path := fmt.Sprintf("/api/v1/namespaces/demo/pods/web-%d", i)
		if d, _ := r.Authorize(request(u.u, "GET", path, "", false)); d != u.want {
			t.Fatalf("request %d (%s): got %v, want %v", i, u.u.Name, d, u.want)
		}
	}
}

// TestRBACDecisionsByName checks the decisions kept for any name: a rule
// that names resources decides by the name, every time, while one that
// names none decides alike for every name, in either order of asking.
func TestRBACDecisionsByName(t *testing.T) {
	src := NewPolicySet(
		binding("demo", "leases", "Role", "lease-holder", group("electors")),
		role("demo", "lease-holder",
			PolicyRule{Verbs: []string{"get", "update"}, Resources: []string{"leases"}, APIGroups: []string{"coordination.k8s.io"}, ResourceNames: []string{"mine"}}),
		binding("demo", "dev", "ClusterRole", "edit", group("developers")),
		role("", "edit", PolicyRule{Verbs: []string{"get"}, Resources: []string{"pods"}, APIGroups: []string{""}}))
	r := NewRBAC(src)
	elector, dev := who("e", "electors"), who("d", "developers")
	for round := range 3 {
		for _, q := range []struct {
			u    *api.UserInfo
			path string
			want api.Decision
		}{
			{elector, "/apis/coordination.k8s.io/v1/namespaces/demo/leases/mine", api.DecisionAllow},
			{elector, "/apis/coordination.k8s.io/v1/namespaces/demo/leases/theirs", api.DecisionNoOpinion},
			{elector, "/apis/coordination.k8s.io/v1/namespaces/demo/leases/mine", api.DecisionAllow},
			{dev, "/api/v1/namespaces/demo/pods/a", api.DecisionAllow},
			{dev, "/api/v1/namespaces/demo/pods/b", api.DecisionAllow},
			{dev, "/api/v1/namespaces/demo/secrets/a", api.DecisionNoOpinion},
			{dev, "/api/v1/namespaces/demo/secrets/b", api.DecisionNoOpinion},
			{elector, "/api/v1/namespaces/demo/pods/a", api.DecisionNoOpinion},
		} {
			if d, _ := r.Authorize(request(q.u, "GET", q.path, "", false)); d != q.want {
				t.Errorf("round %d, %s GET %s: got %v, want %v", round, q.u.Name, q.path, d, q.want)
			}
		}
	}
}
