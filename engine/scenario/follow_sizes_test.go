package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
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

// TestWatchCounterSizes checks that a watch's byte count is the Size of
// each event's object, with the sizes shared with the session's polls:
// a version a poll received counts its own size, a bookmark without a
// uid its own, an event without an object none.
func TestWatchCounterSizes(t *testing.T) {
	pod := func(uid, rv, image string) *object.Object {
		o := object.New("v1", "Pod")
		o.Meta.Name, o.Meta.Namespace, o.Meta.UID, o.Meta.ResourceVersion = "web-a", "demo", uid, rv
		o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": image}}}
		return o
	}
	bookmark := object.New("v1", "Pod")
	bookmark.Meta.ResourceVersion = "12"
	var sizes objectSizes
	polled := pod("u1", "10", "web:v1")
	sizes.of(polled)
	for _, tc := range []struct {
		name   string
		events []*object.Object
	}{
		{"none", nil},
		{"a version polled before", []*object.Object{pod("u1", "10", "web:v1")}},
		{"new versions", []*object.Object{pod("u1", "11", "web:v2"), pod("u1", "12", "web:version-3")}},
		{"a bookmark and no object", []*object.Object{bookmark, nil}},
	} {
		w := &watchCounter{sizes: &sizes}
		want := 0
		for _, o := range tc.events {
			w.OnEvent(api.WatchEvent{Object: o})
			if o != nil {
				want += o.Size()
			}
		}
		if w.events != len(tc.events) || w.bytes != want {
			t.Errorf("%s: %d events, %d bytes; want %d, %d", tc.name, w.events, w.bytes, len(tc.events), want)
		}
	}
}
