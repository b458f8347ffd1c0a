package scenario

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestObjectSizes checks that a poll's byte count is each object's Size:
// worked out once for a version (uid and resourceVersion), again for a
// new version or an object without either.
func TestObjectSizes(t *testing.T) {
	pod := func(uid, rv, image string) *object.Object {
		o := object.New("v1", "Pod")
		o.Meta.Name, o.Meta.Namespace, o.Meta.UID, o.Meta.ResourceVersion = "web-a", "demo", uid, rv
		o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": image}}}
		return o
	}
	var sizes objectSizes
	for _, tc := range []struct {
		name string
		o    *object.Object
	}{
		{"first version", pod("u1", "10", "web:v1")},
		{"same version listed again", pod("u1", "10", "web:v1")},
		{"new version", pod("u1", "11", "web:version-two")},
		{"another object", pod("u2", "10", "web:v3-longer-tag")},
		{"no uid", pod("", "10", "web:v1-and-more")},
		{"no resourceVersion", pod("u1", "", "web:another-image")},
	} {
		if got, want := sizes.of(tc.o), tc.o.Size(); got != want {
			t.Errorf("%s: size %d, want %d", tc.name, got, want)
		}
	}
	if len(sizes) != 3 {
		t.Errorf("%d versions remembered, want 3 (objects without a uid or resourceVersion are not)", len(sizes))
	}
}
