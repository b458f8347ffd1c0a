package object

import (
	"reflect"
	"testing"
)

// TestPrepareForStatusUpdateSharesStoredMeta: a status write's object
// takes the stored metadata without copying it, so nothing it does may
// reach the stored object: its lists are clipped (an append makes a new
// one) and the stored object stays as it was.
func TestPrepareForStatusUpdateSharesStoredMeta(t *testing.T) {
	yes := true
	old := New("v1", "Pod")
	old.Meta = Meta{Name: "p", Namespace: "d", UID: "u", ResourceVersion: "7",
		Labels: map[string]string{"app": "web"}, Annotations: map[string]string{"a": "1"},
		OwnerReferences: make([]OwnerReference, 1, 4), Finalizers: make([]string, 1, 4)}
	old.Meta.OwnerReferences[0] = OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "rs", UID: "r", Controller: &yes}
	old.Meta.Finalizers[0] = "f"
	old.Content["spec"] = map[string]any{"nodeName": "n"}
	old.Content["status"] = map[string]any{"phase": "Pending"}
	before := old.DeepCopy()

	o := New("v1", "Pod")
	o.Meta = Meta{Name: "p", Namespace: "d", ResourceVersion: "7", Labels: map[string]string{"other": "x"}}
	o.Content["status"] = map[string]any{"phase": "Running"}
	PrepareForStatusUpdate(o, old)
	if !reflect.DeepEqual(o.Meta.Labels, old.Meta.Labels) || o.Meta.UID != "u" {
		t.Fatalf("o's metadata is not the stored one: %+v", o.Meta)
	}
	o.Meta.Finalizers = append(o.Meta.Finalizers, "g")
	o.Meta.OwnerReferences = append(o.Meta.OwnerReferences, OwnerReference{Name: "x"})
	o.Meta.ResourceVersion = "8"
	if !reflect.DeepEqual(old.ToMap(), before.ToMap()) {
		t.Errorf("the stored object changed:\n%v\nwas\n%v", old.ToMap(), before.ToMap())
	}
	if got := old.Meta.Finalizers[:2][1]; got != "" {
		t.Errorf("an append to o's finalizers wrote %q into the stored array", got)
	}
}
