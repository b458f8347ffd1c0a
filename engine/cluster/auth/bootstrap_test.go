package auth

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestBootstrapObjects(t *testing.T) {
	objs := BootstrapObjects()
	if len(objs) != 50 {
		t.Errorf("got %d objects, want 25 ClusterRoles and 25 bindings", len(objs))
	}
	roles := map[string]*object.Object{}
	seenBinding := false
	for i, o := range objs {
		if o.APIVersion != "rbac.authorization.k8s.io/v1" {
			t.Errorf("%s: apiVersion %q", o.Meta.Name, o.APIVersion)
		}
		if o.Meta.Labels[bootstrapLabel] != "rbac-defaults" || o.Meta.Annotations[autoupdateAnnotation] != "true" {
			t.Errorf("%s: metadata %v %v", o.Meta.Name, o.Meta.Labels, o.Meta.Annotations)
		}
		switch o.Kind {
		case "ClusterRole":
			if seenBinding {
				t.Errorf("ClusterRole %s at %d after a binding", o.Meta.Name, i)
			}
			if roles[o.Meta.Name] != nil {
				t.Errorf("ClusterRole %s twice", o.Meta.Name)
			}
			roles[o.Meta.Name] = o
		case "ClusterRoleBinding":
			seenBinding = true
			if ref := RoleRefOf(o); roles[ref.Name] == nil || ref.Kind != "ClusterRole" || ref.APIGroup != RBACGroup {
				t.Errorf("binding %s names %+v, which is not a bootstrap ClusterRole", o.Meta.Name, ref)
			}
		default:
			t.Errorf("unexpected kind %s", o.Kind)
		}
	}
	if got := objs[0].Meta.Name; got != "cluster-admin" {
		t.Errorf("first object %q, want cluster-admin", got)
	}
	if got := SubjectsOf(find(objs, "ClusterRoleBinding", "system:node")); len(got) != 0 {
		t.Errorf("system:node is bound to %v, want nobody", got)
	}
	if !reflect.DeepEqual(BootstrapObjects(), objs) {
		t.Error("two calls differ")
	}
	BootstrapObjects()[0].Meta.Name = "changed"
	if BootstrapObjects()[0].Meta.Name != "cluster-admin" {
		t.Error("objects are shared between calls")
	}
}

func find(objs []*object.Object, kind, name string) *object.Object {
	for _, o := range objs {
		if o.Kind == kind && o.Meta.Name == name {
			return o
		}
	}
	return nil
}

// TestBootstrapValid runs the bootstrap objects through the registry's
// defaulting and validation, as creating them through the API would.
func TestBootstrapValid(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	for _, o := range BootstrapObjects() {
		info, ok := reg.For(o)
		if !ok {
			t.Fatalf("%s is not registered", o.Kind)
		}
		if errs := object.ValidateObject(info, o, nil); len(errs) > 0 {
			t.Errorf("%s %s: %v", o.Kind, o.Meta.Name, errs)
		}
	}
}

// TestAggregatedRoles checks what the aggregated roles grant, through
// the rules BootstrapObjects filled in.
func TestAggregatedRoles(t *testing.T) {
	objs := BootstrapObjects()
	allows := func(roleName, verb, group, resource, sub string) bool {
		a := api.Attributes{RequestInfo: api.RequestInfo{IsResourceRequest: true, Verb: verb, APIGroup: group, Resource: resource, Subresource: sub}}
		for _, r := range RulesOf(find(objs, "ClusterRole", roleName)) {
			if r.Allows(&a) {
				return true
			}
		}
		return false
	}
	tests := []struct {
		role, verb, group, resource, sub string
		want                             bool
	}{
		{"view", "list", "apps", "deployments", "", true},
		{"view", "get", "", "pods", "log", true},
		{"view", "get", "", "secrets", "", false},
		{"view", "create", "apps", "deployments", "", false},
		{"edit", "create", "apps", "deployments", "", true},
		{"edit", "get", "", "secrets", "", true},
		{"edit", "list", "apps", "deployments", "", true}, // from view
		{"edit", "create", "", "pods", "exec", true},
		{"edit", "create", "rbac.authorization.k8s.io", "rolebindings", "", false},
		{"admin", "create", "rbac.authorization.k8s.io", "rolebindings", "", true},
		{"admin", "patch", "apps", "deployments", "scale", true}, // from edit
		{"admin", "list", "", "nodes", "", false},
	}
	for _, tt := range tests {
		if got := allows(tt.role, tt.verb, tt.group, tt.resource, tt.sub); got != tt.want {
			t.Errorf("%s %s %s/%s/%s = %v, want %v", tt.role, tt.verb, tt.group, tt.resource, tt.sub, got, tt.want)
		}
	}
}

func TestAggregateRules(t *testing.T) {
	target := role("", "combined")
	target.Content["aggregationRule"] = map[string]any{"clusterRoleSelectors": []any{
		map[string]any{"matchLabels": map[string]any{"team": "a"}},
		map[string]any{"matchLabels": map[string]any{"team": "b"}},
	}}
	target.Meta.Labels = map[string]string{"team": "a"}
	zb := role("", "z-b", rule("get").groups("").resources("pods"))
	zb.Meta.Labels = map[string]string{"team": "a"}
	aa := role("", "a-a", rule("list").groups("").resources("pods"), rule("get").groups("").resources("pods"))
	aa.Meta.Labels = map[string]string{"team": "a"}
	b := role("", "b", rule("watch").groups("").resources("pods"), rule("list").groups("").resources("pods"))
	b.Meta.Labels = map[string]string{"team": "b"}
	other := role("", "other", rule("*").groups("*").resources("*"))

	got, ok := AggregateRules(target, []*object.Object{zb, other, b, target, aa})
	if !ok {
		t.Fatal("no aggregationRule found")
	}
	want := []PolicyRule{
		rule("list").groups("").resources("pods"),  // a-a, by name first
		rule("get").groups("").resources("pods"),   // a-a; z-b's copy is dropped
		rule("watch").groups("").resources("pods"), // b; its list is dropped
	}
	if !equalRules(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	if _, ok := AggregateRules(other, nil); ok {
		t.Error("a role without aggregationRule aggregated")
	}
}
