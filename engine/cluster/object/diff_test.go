package object

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

func TestDiff(t *testing.T) {
	base := func() *Object {
		o := mustDecode(t, podYAML)
		o.Meta.ResourceVersion = "5"
		return o
	}
	tests := []struct {
		name   string
		mutate func(o *Object)
		want   []Change
	}{
		{"none", func(o *Object) {}, nil},
		{"scalar", func(o *Object) { o.Set(".status.phase", "Succeeded") },
			[]Change{{Changed, ".status.phase", "Running", "Succeeded"}}},
		{"condition by type", func(o *Object) { o.Set(".status.conditions[type=Ready].status", "False") },
			[]Change{{Changed, ".status.conditions[type=Ready].status", "True", "False"}}},
		{"condition added and reordered", func(o *Object) {
			o.Set(".status.conditions", []any{
				map[string]any{"type": "Ready", "status": "True", "lastTransitionTime": "2024-01-01T00:00:10Z"},
				map[string]any{"type": "Initialized", "status": "True"},
				map[string]any{"type": "PodScheduled", "status": "True"},
			})
		}, []Change{{Set, ".status.conditions[type=Initialized]", nil, map[string]any{"type": "Initialized", "status": "True"}}}},
		{"annotation with dots", func(o *Object) { o.Meta.Annotations["deployment.kubernetes.io/revision"] = "3" },
			[]Change{{Changed, `.metadata.annotations["deployment.kubernetes.io/revision"]`, "2", "3"}}},
		{"metadata fields", func(o *Object) {
			ts := time.Date(2024, 1, 1, 0, 1, 0, 0, time.UTC)
			o.Meta.DeletionTimestamp = &ts
			o.Meta.ResourceVersion = "6"
			delete(o.Meta.Labels, "app")
		}, []Change{
			{Set, ".metadata.deletionTimestamp", nil, "2024-01-01T00:01:00Z"},
			{Removed, ".metadata.labels", map[string]any{"app": "web"}, nil},
			{Changed, ".metadata.resourceVersion", "5", "6"},
		}},
		{"container by name", func(o *Object) { o.Set(".spec.containers[0].image", "nginx:1.26") },
			[]Change{{Changed, ".spec.containers[name=nginx].image", "nginx:1.25", "nginx:1.26"}}},
		{"list by index", func(o *Object) { o.Set(".spec.containers[0].args", []any{"a", "b"}) },
			[]Change{{Set, ".spec.containers[name=nginx].args", nil, []any{"a", "b"}}}},
		{"command set", func(o *Object) {
			o.Set(".spec.containers[0].command", []any{"a", "b"})
		}, []Change{{Set, ".spec.containers[name=nginx].command", nil, []any{"a", "b"}}}},
		{"type change", func(o *Object) { o.Set(".spec.containers[0].ports[0].containerPort", "80") },
			[]Change{{Changed, ".spec.containers[name=nginx].ports[name=http].containerPort", int64(80), "80"}}},
		{"number kinds compare by value", func(o *Object) { o.Set(".status.containerStatuses[0].restartCount", 2.0) }, nil},
		{"new top-level field", func(o *Object) { o.Content["extra"] = map[string]any{"a": int64(1)} },
			[]Change{{Set, ".extra", nil, map[string]any{"a": int64(1)}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := base()
			o := old.DeepCopy()
			tc.mutate(o)
			got := Diff(old, o)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Diff =\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}

func TestDiffIndexedLists(t *testing.T) {
	a := &Object{Content: map[string]any{"l": []any{"x", "y", "z"}}}
	b := &Object{Content: map[string]any{"l": []any{"x", "Y"}}}
	want := []Change{{Changed, ".l[1]", "y", "Y"}, {Removed, ".l[2]", "z", nil}}
	if got := Diff(a, b); !reflect.DeepEqual(got, want) {
		t.Errorf("Diff = %#v", got)
	}
}

func TestDiffCreateAndDelete(t *testing.T) {
	o := &Object{APIVersion: "v1", Kind: "ConfigMap", Meta: Meta{Name: "c"}, Content: map[string]any{}}
	created := Diff(nil, o)
	if len(created) != 3 || created[0].Op != Set || created[0].Path != ".apiVersion" {
		t.Errorf("create diff = %+v", created)
	}
	deleted := Diff(o, nil)
	if len(deleted) != 3 || deleted[2].Op != Removed || deleted[2].Path != ".metadata" {
		t.Errorf("delete diff = %+v", deleted)
	}
	if Set.String() != "set" || Changed.String() != "changed" || Removed.String() != "removed" {
		t.Error("ChangeOp names")
	}
}

func TestDeepCopyIndependence(t *testing.T) {
	o := mustDecode(t, podYAML)
	ctrl := true
	ts := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	grace := int64(30)
	o.Meta.OwnerReferences = []OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7c9d4", UID: "u", Controller: &ctrl}}
	o.Meta.Finalizers = []string{"example.com/f"}
	o.Meta.DeletionTimestamp = &ts
	o.Meta.DeletionGracePeriodSeconds = &grace
	c := o.DeepCopy()
	if len(Diff(o, c)) != 0 {
		t.Fatal("copy differs")
	}
	// mutate every part of the copy
	c.Meta.Labels["app"] = "x"
	c.Meta.Annotations["new"] = "y"
	*c.Meta.OwnerReferences[0].Controller = false
	c.Meta.OwnerReferences[0].Name = "other"
	c.Meta.Finalizers[0] = "changed"
	*c.Meta.DeletionTimestamp = ts.Add(time.Hour)
	*c.Meta.DeletionGracePeriodSeconds = 0
	c.Set(".spec.containers[0].image", "changed")
	c.Set(".status.conditions[type=Ready].status", "False")
	c.Content["spec"].(map[string]any)["containers"].([]any)[0].(map[string]any)["ports"].([]any)[0].(map[string]any)["containerPort"] = int64(1)
	fresh := mustDecode(t, podYAML)
	fresh.Meta.OwnerReferences = []OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7c9d4", UID: "u", Controller: &[]bool{true}[0]}}
	fresh.Meta.Finalizers = []string{"example.com/f"}
	fresh.Meta.DeletionTimestamp = &ts
	g := int64(30)
	fresh.Meta.DeletionGracePeriodSeconds = &g
	if d := Diff(fresh, o); len(d) != 0 {
		t.Errorf("mutating the copy changed the original: %+v", d)
	}
	if !*o.Meta.OwnerReferences[0].Controller || *o.Meta.DeletionGracePeriodSeconds != 30 || !o.Meta.DeletionTimestamp.Equal(ts) {
		t.Error("pointer fields are shared")
	}
}

// TestDiffDeepPath: a change deeper than the differ's stack of steps still
// carries its whole path, and the paths after it are right again.
func TestDiffDeepPath(t *testing.T) {
	nest := func(depth int, leaf any) map[string]any {
		m := map[string]any{"v": leaf}
		for i := depth - 1; i > 0; i-- {
			m = map[string]any{fmt.Sprintf("k%d", i): m}
		}
		return m
	}
	for _, depth := range []int{1, 15, 16, 17, 40} {
		old := &Object{APIVersion: "v1", Kind: "ConfigMap", Content: map[string]any{"deep": nest(depth, "a"), "z": "1"}}
		new := &Object{APIVersion: "v1", Kind: "ConfigMap", Content: map[string]any{"deep": nest(depth, "b"), "z": "2"}}
		want := ".deep"
		for i := 1; i < depth; i++ {
			want += fmt.Sprintf(".k%d", i)
		}
		want += ".v"
		got := Diff(old, new)
		if len(got) != 2 || got[0].Path != want || got[1].Path != ".z" {
			t.Errorf("depth %d: %+v, want %s then .z", depth, got, want)
		}
	}
}
