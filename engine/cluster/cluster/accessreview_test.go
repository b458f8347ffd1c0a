package cluster_test

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Access reviews are answered by the authorizer, as kube-apiserver v1.37
// answers them (checked against it): a self review for the caller, with
// RBAC's reason when allowed; a subject review only for those allowed to
// create one; a review that asks about nothing is invalid, with the
// REST storage's message that names no kind.
func TestAccessReviews(t *testing.T) {
	c := started(t, twoWorkers(1))
	post := func(user, resource string, body map[string]any) *api.Response {
		return c.Client(user).Do(&api.Request{From: "test", Method: "POST", Path: "/apis/authorization.k8s.io/v1/" + resource, Body: body}, nil)
	}
	ssar := func(attrs map[string]any) map[string]any {
		return map[string]any{"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview", "spec": map[string]any{"resourceAttributes": attrs}}
	}
	cases := []struct {
		name, user, resource string
		body                 map[string]any
		code                 int
		allowed              bool
		reason, message      string
	}{
		{"allowed", "alice", "selfsubjectaccessreviews",
			ssar(map[string]any{"namespace": "demo", "verb": "create", "group": "apps", "resource": "deployments"}), 201, true,
			`RBAC: allowed by RoleBinding "alice-admin/demo" of ClusterRole "admin" to User "alice"`, ""},
		{"not allowed", "alice", "selfsubjectaccessreviews",
			ssar(map[string]any{"namespace": "kube-system", "verb": "list", "resource": "pods"}), 201, false, "", ""},
		{"about nothing", "alice", "selfsubjectaccessreviews",
			map[string]any{"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview", "spec": map[string]any{}}, 422, false, "",
			`.authorization.k8s.io "" is invalid: spec: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified`},
		{"subject review, forbidden", "alice", "subjectaccessreviews",
			map[string]any{"apiVersion": "authorization.k8s.io/v1", "kind": "SubjectAccessReview",
				"spec": map[string]any{"user": "bob", "resourceAttributes": map[string]any{"namespace": "demo", "verb": "get", "resource": "pods"}}}, 403, false, "",
			`subjectaccessreviews.authorization.k8s.io is forbidden: User "alice" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope`},
		{"subject review by an admin", "kubernetes-admin", "subjectaccessreviews",
			map[string]any{"apiVersion": "authorization.k8s.io/v1", "kind": "SubjectAccessReview",
				"spec": map[string]any{"user": "bob", "groups": []any{"developers"}, "resourceAttributes": map[string]any{"namespace": "demo", "verb": "get", "resource": "pods"}}}, 201, true,
			`RBAC: allowed by RoleBinding "developers-edit/demo" of ClusterRole "edit" to Group "developers"`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := post(tc.user, tc.resource, tc.body)
			if resp.Code != tc.code {
				t.Fatalf("code %d (%v), want %d", resp.Code, resp.Status, tc.code)
			}
			if tc.code != 201 {
				if resp.Status == nil || resp.Status.Message != tc.message {
					t.Errorf("message %v\nwant %q", resp.Status, tc.message)
				}
				return
			}
			st := resp.Object.Status()
			if st["allowed"] != tc.allowed || (st["reason"] != nil && st["reason"] != tc.reason) || (tc.reason != "" && st["reason"] != tc.reason) {
				t.Errorf("status %v, want allowed %v reason %q", st, tc.allowed, tc.reason)
			}
		})
	}
}

// A SelfSubjectReview answers with the caller's identity in a new object
// whose only metadata is its creation time, as kube-apiserver v1.37 does
// (a name sent is dropped).
func TestSelfSubjectReview(t *testing.T) {
	c := started(t, twoWorkers(1))
	resp := c.Client("alice").Do(&api.Request{From: "test", Method: "POST", Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews",
		Body: map[string]any{"apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview", "metadata": map[string]any{"name": "x"}}}, nil)
	if resp.Code != 201 {
		t.Fatalf("code %d: %v", resp.Code, resp.Status)
	}
	o := resp.Object
	if o.Meta.Name != "" || o.Meta.CreationTimestamp.IsZero() || o.Kind != "SelfSubjectReview" {
		t.Errorf("review %s %q created %v", o.Kind, o.Meta.Name, o.Meta.CreationTimestamp)
	}
	if got := o.GetString(".status.userInfo.username"); got != "alice" {
		t.Errorf("username %q", got)
	}
	if got, _, _ := o.Get(".status.userInfo.groups"); fmt.Sprint(got) != "[developers system:authenticated]" {
		t.Errorf("groups %v", got)
	}
}
