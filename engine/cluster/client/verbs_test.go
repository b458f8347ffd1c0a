package client_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

func TestVerbsAgainstServer(t *testing.T) {
	e := newEnv(t)
	pods := e.kind(t, "", "v1", "pods")

	created, err := e.c.Create(pods, pod("demo", "web"), api.WriteOptions{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if created.Meta.ResourceVersion == "" || created.Meta.UID == "" {
		t.Fatalf("created object lacks rv/uid: %+v", created.Meta)
	}
	if _, err := e.c.Create(pods, pod("demo", "web"), api.WriteOptions{}); !api.IsReason(err, api.ReasonAlreadyExists) {
		t.Errorf("second create: err = %v, want AlreadyExists", err)
	}
	got, err := e.c.Get(pods, "demo", "web")
	if err != nil || got.Meta.UID != created.Meta.UID {
		t.Fatalf("get = %v, %v", got, err)
	}
	if _, err := e.c.Get(pods, "demo", "nope"); !api.IsReason(err, api.ReasonNotFound) || err.Error() != `pods "nope" not found` {
		t.Errorf("get missing: %v", err)
	}

	upd := got.DeepCopy()
	upd.Meta.Labels = map[string]string{"app": "web"}
	if _, err := e.c.Update(pods, upd, api.WriteOptions{}); err != nil {
		t.Fatalf("update: %v", err)
	}
	stale := got.DeepCopy()
	stale.Meta.Labels = map[string]string{"app": "stale"}
	if _, err := e.c.Update(pods, stale, api.WriteOptions{}); !api.IsReason(err, api.ReasonConflict) {
		t.Errorf("stale update: err = %v, want Conflict", err)
	}

	patched, err := e.c.Patch(pods, "demo", "web", api.MergePatch, map[string]any{"metadata": map[string]any{"labels": map[string]any{"tier": "front"}}}, api.WriteOptions{})
	if err != nil || patched.Meta.Labels["tier"] != "front" || patched.Meta.Labels["app"] != "web" {
		t.Fatalf("patch = %v, %v", patched, err)
	}

	list, err := e.c.List(pods, "demo", api.ListOptions{LabelSelector: "tier=front"})
	if err != nil || len(list.Items) != 1 || list.ResourceVersion == "" {
		t.Fatalf("list = %+v, %v", list, err)
	}

	if _, err := e.c.Delete(pods, "demo", "web", api.DeleteOptions{}); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := e.c.Get(pods, "demo", "web"); !api.IsReason(err, api.ReasonNotFound) {
		t.Errorf("get after delete: %v", err)
	}
}

// TestReturnedObjectsAreCopies guards the server's shared, immutable
// objects: changing what Get, List or Create returned changes nothing
// stored.
func TestReturnedObjectsAreCopies(t *testing.T) {
	e := newEnv(t)
	pods := e.kind(t, "", "v1", "pods")
	created, err := e.c.Create(pods, pod("demo", "a"), api.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	created.Meta.Labels = map[string]string{"changed": "create"}
	got, err := e.c.Get(pods, "demo", "a")
	if err != nil {
		t.Fatal(err)
	}
	if got.Meta.Labels["changed"] != "" {
		t.Fatal("changing the created object changed the stored one")
	}
	got.Meta.Labels = map[string]string{"changed": "get"}
	list, err := e.c.List(pods, "demo", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 1 || list.Items[0].Meta.Labels["changed"] != "" {
		t.Fatal("changing a got object changed the stored one")
	}
	list.Items[0].Meta.Labels = map[string]string{"changed": "list"}
	again, _ := e.c.Get(pods, "demo", "a")
	if again.Meta.Labels["changed"] != "" {
		t.Fatal("changing a listed object changed the stored one")
	}
}

// TestListReadOnlySharesTheServersObjects checks that ListReadOnly
// answers what List does, without the copies: two reads of an unchanged
// collection get the same objects, where List's are a fresh copy each.
func TestListReadOnlySharesTheServersObjects(t *testing.T) {
	e := newEnv(t)
	pods := e.kind(t, "", "v1", "pods")
	for _, name := range []string{"a", "b"} {
		if _, err := e.c.Create(pods, pod("demo", name), api.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	copied, err := e.c.List(pods, "demo", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first, err := e.c.ListReadOnly(pods, "demo", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := e.c.ListReadOnly(pods, "demo", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Items) != 2 || len(second.Items) != 2 || len(copied.Items) != 2 {
		t.Fatalf("items: %d, %d, %d; want 2 each", len(first.Items), len(second.Items), len(copied.Items))
	}
	if first.ResourceVersion != copied.ResourceVersion {
		t.Errorf("resourceVersion %q, List's %q", first.ResourceVersion, copied.ResourceVersion)
	}
	for i := range first.Items {
		if first.Items[i] != second.Items[i] {
			t.Errorf("item %d: two read-only lists got different objects", i)
		}
		if first.Items[i] == copied.Items[i] {
			t.Errorf("item %d: List returned the server's object, not a copy", i)
		}
		if got, want := first.Items[i].Meta.UID, copied.Items[i].Meta.UID; got != want {
			t.Errorf("item %d: uid %q, List's %q", i, got, want)
		}
	}
	e.srv.SetDown(true)
	if l, err := e.c.ListReadOnly(pods, "demo", api.ListOptions{}); err == nil {
		t.Errorf("a list from a server that is down = %+v, want an error", l)
	}
}
