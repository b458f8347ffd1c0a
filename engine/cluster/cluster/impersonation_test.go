package cluster_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Impersonation as kube-apiserver v1.37 allows it: a caller granted the
// legacy verb impersonate on one user may act as that user (with none of
// the user's own groups), the constrained modes having refused first; any
// other identity is refused with the first mode's message, which names
// the request's resource (checked against kube-apiserver v1.37).
func TestImpersonation(t *testing.T) {
	cfg := twoWorkers(1)
	cfg.Objects = append(cfg.Objects, decode(t, `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: impersonate-alice}
rules: [{apiGroups: [""], resources: [users], resourceNames: [alice], verbs: [impersonate]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: bob-impersonates-alice}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: impersonate-alice}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: bob}]
`)...)
	c := started(t, cfg)
	get := func(as string) *api.Response {
		return c.Client("bob").Do(&api.Request{From: "bob", Method: "GET", Path: "/api/v1/namespaces/demo/pods",
			Impersonate: &api.Impersonation{User: as}}, nil)
	}
	from := c.Trace().Len()
	if resp := get("alice"); resp.Code != 200 {
		t.Fatalf("bob as alice: %d %v", resp.Code, resp.Status)
	}
	var seen []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.Verb == trace.Authenticate || ev.Verb == trace.Authorize {
			seen = append(seen, ev.Verb.String()+" "+ev.Name+" "+ev.Detail)
		}
	}
	if len(seen) < 3 || seen[0] != "AUTHENTICATE bob " || seen[1] != "AUTHORIZE alice impersonate legacy" {
		t.Errorf("events %q", seen)
	}
	resp := get("carol")
	want := `pods is forbidden: User "bob" cannot impersonate-on:user-info:list resource "pods" in API group "" in the namespace "demo"`
	if resp.Code != 403 || resp.Status.Message != want {
		t.Errorf("bob as carol: %d %v\nwant 403 %q", resp.Code, resp.Status, want)
	}
}

// Groups without a user to impersonate are a bad request, as
// processImpersonationHeaders answers it.
func TestImpersonationWithoutUser(t *testing.T) {
	c := started(t, twoWorkers(1))
	resp := c.Client("kubernetes-admin").Do(&api.Request{From: "admin", Method: "GET", Path: "/api/v1/namespaces/demo/pods",
		Impersonate: &api.Impersonation{Groups: []string{"devs"}}}, nil)
	want := `requested &user.DefaultInfo{Name:"", UID:"", Groups:[]string{"devs"}, Extra:map[string][]string(nil)} without impersonating a user name`
	if resp.Code != 400 || resp.Status.Message != want {
		t.Errorf("%d %v\nwant 400 %q", resp.Code, resp.Status, want)
	}
}
