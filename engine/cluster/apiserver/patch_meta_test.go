package apiserver

import (
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestDecodedMetaIsTheTreeRoundTrip: the metadata a patch that leaves it
// alone takes is exactly what rendering the stored metadata and decoding
// it back gives, and shares nothing mutable with the stored one.
func TestDecodedMetaIsTheTreeRoundTrip(t *testing.T) {
	yes, no := true, false
	grace := int64(30)
	cet := time.FixedZone("CET", 3600)
	deleted := time.Date(2026, 3, 1, 12, 0, 5, 750_000_000, cet)
	metas := map[string]object.Meta{
		"empty": {},
		"full": {Name: "web", GenerateName: "web-", Namespace: "demo", UID: "u1", ResourceVersion: "42", Generation: 3,
			CreationTimestamp: time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC), DeletionTimestamp: &deleted,
			DeletionGracePeriodSeconds: &grace,
			Labels:                     map[string]string{"app": "web"}, Annotations: map[string]string{"a": "b"},
			OwnerReferences: []object.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-1", UID: "u0",
				Controller: &yes, BlockOwnerDeletion: &no}, {Kind: "Node", Name: "n1"}},
			Finalizers: []string{"f1", "f2"}},
		"empty but not nil": {Labels: map[string]string{}, Annotations: map[string]string{},
			OwnerReferences: []object.OwnerReference{}, Finalizers: []string{}},
		"local sub-second creation": {Name: "x", CreationTimestamp: time.Date(2026, 1, 2, 3, 4, 5, 6, cet)},
	}
	for name, m := range metas {
		want, err := object.MetaFromMap(m.ToMap())
		if err != nil {
			t.Fatal(err)
		}
		got := decodedMeta(&m)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", name, got, want)
		}
		if len(m.Labels) > 0 {
			got.Labels["app"] = "changed"
			got.OwnerReferences[0].Name = "changed"
			*got.OwnerReferences[0].Controller = false
			got.Finalizers[0] = "changed"
			*got.DeletionTimestamp = time.Time{}
			*got.DeletionGracePeriodSeconds = 0
			if m.Labels["app"] != "web" || m.OwnerReferences[0].Name != "web-1" || !*m.OwnerReferences[0].Controller ||
				m.Finalizers[0] != "f1" || m.DeletionTimestamp.IsZero() || *m.DeletionGracePeriodSeconds != 30 {
				t.Errorf("%s: changing the decoded metadata changed the stored one: %#v", name, m)
			}
		}
	}
}

// TestLeavesMetadata: only a patch without metadata, or with the stored
// uid alone, and without a directive at its top takes the stored
// metadata as it is.
func TestLeavesMetadata(t *testing.T) {
	stored := &object.Meta{Name: "web", UID: "u1"}
	for _, tc := range []struct {
		patch map[string]any
		want  bool
	}{
		{map[string]any{"status": map[string]any{"phase": "Running"}}, true},
		{map[string]any{}, true},
		{map[string]any{"metadata": map[string]any{"uid": "u1"}, "status": map[string]any{}}, true},
		{map[string]any{"metadata": map[string]any{"uid": "u2"}}, false},
		{map[string]any{"metadata": map[string]any{"uid": "u1", "name": "web"}}, false},
		{map[string]any{"metadata": map[string]any{}}, false},
		{map[string]any{"metadata": map[string]any{"labels": map[string]any{"a": "b"}}}, false},
		{map[string]any{"metadata": nil}, false},
		{map[string]any{"$patch": "replace", "spec": map[string]any{}}, false},
		{map[string]any{"$retainKeys": []any{"spec"}}, false},
	} {
		if got := leavesMetadata(tc.patch, stored); got != tc.want {
			t.Errorf("leavesMetadata(%v) = %v", tc.patch, got)
		}
	}
	if leavesMetadata(map[string]any{"metadata": map[string]any{"uid": ""}}, &object.Meta{}) {
		t.Error("a uid set where the stored metadata has none leaves it alone")
	}
}
