package object

import (
	"reflect"
	"testing"
	"time"
)

// ToMapCopy gives the tree DeepCopy().ToMap() gives, and changing it
// leaves the object as it was.
func TestToMapCopy(t *testing.T) {
	grace := int64(30)
	yes := true
	o := New("apps/v1", "Deployment")
	o.Meta = Meta{Name: "web", Namespace: "demo", UID: "u-1", ResourceVersion: "7", Generation: 2,
		CreationTimestamp: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), DeletionGracePeriodSeconds: &grace,
		Labels: map[string]string{"app": "web"}, Annotations: map[string]string{"note": "x"},
		OwnerReferences: []OwnerReference{{APIVersion: "v1", Kind: "Thing", Name: "t", UID: "u-0", Controller: &yes}},
		Finalizers:      []string{"f"}}
	o.Content["spec"] = map[string]any{"replicas": int64(3), "template": map[string]any{
		"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}}}
	want := o.DeepCopy().ToMap()
	got := o.ToMapCopy()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ToMapCopy differs from DeepCopy().ToMap():\n%v\n%v", got, want)
	}
	got["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)["containers"].([]any)[0].(map[string]any)["image"] = "web:v2"
	got["metadata"].(map[string]any)["labels"].(map[string]any)["app"] = "other"
	got["metadata"].(map[string]any)["finalizers"].([]any)[0] = "g"
	if !reflect.DeepEqual(o.ToMap(), want) {
		t.Error("changing the copy changed the object")
	}
}
