package apiserver

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestSharedBootstrapIsLeftAsItWas: planes store the bootstrap policy
// sharing its content, so booting one, and using its RBAC objects through
// the API, must write nothing into the process-wide objects; and the
// stored objects are what the policy says.
func TestSharedBootstrapIsLeftAsItWas(t *testing.T) {
	policy := bootstrapPolicy()
	before := make([]*object.Object, len(policy))
	for i, o := range policy {
		before[i] = o.DeepCopy()
	}
	sh := newStandard(t)
	sh.must(sh.do("admin", "GET", "/apis/rbac.authorization.k8s.io/v1/clusterroles/edit", nil))
	sh.must(sh.do("alice", "GET", "/api/v1/namespaces/demo/pods", nil))
	// Writes to a stored policy object: labels and annotations merged,
	// finalizers added, then a delete that the finalizers hold.
	edit := "/apis/rbac.authorization.k8s.io/v1/clusterroles/edit"
	sh.must(sh.req(&api.Request{From: "admin", Method: "PATCH", Path: edit, PatchType: api.MergePatch,
		Patch: map[string]any{"metadata": map[string]any{
			"labels":      map[string]any{"kubernetes.io/bootstrapping": "changed", "new": "label"},
			"annotations": map[string]any{"rbac.authorization.kubernetes.io/autoupdate": "false"},
			"finalizers":  []any{"example.com/keep"},
		}}}, nil))
	sh.must(sh.req(&api.Request{From: "admin", Method: "PATCH", Path: edit, PatchType: api.StrategicMergePatch,
		Patch: map[string]any{"metadata": map[string]any{"finalizers": []any{"example.com/other"}}}}, nil))
	sh.must(sh.do("admin", "DELETE", edit, nil)) // kept by its finalizers, now with a deletionTimestamp
	if m := sh.must(sh.do("admin", "GET", edit, nil)).Object.Meta; m.Labels["new"] != "label" || m.DeletionTimestamp == nil || len(m.Finalizers) != 2 {
		t.Fatalf("the writes did not take: %+v", m)
	}
	for i, o := range policy {
		if !reflect.DeepEqual(o, before[i]) {
			t.Fatalf("booting a plane changed the shared %s %s:\n%v\nwas\n%v", o.Kind, o.Meta.Name, o, before[i])
		}
	}
	stored := sh.p.Store()
	checked := 0
	for _, o := range policy {
		k, ok := sh.p.cfg.Registry.For(o)
		if !ok {
			t.Fatalf("no kind for %s", o.Kind)
		}
		kv, ok, err := stored.Get(objectKey(k, o.Meta.Namespace, o.Meta.Name))
		if err != nil || !ok {
			t.Fatalf("%s %s not stored: %v", o.Kind, o.Meta.Name, err)
		}
		got := kv.Value
		if !reflect.DeepEqual(got.Content, o.Content) || got.Meta.Name != o.Meta.Name || got.Meta.UID == "" {
			t.Fatalf("stored %s %s differs from the policy: %v", o.Kind, o.Meta.Name, got)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d policy objects", checked)
	}
}
