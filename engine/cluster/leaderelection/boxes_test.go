package leaderelection

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// metadata renders what Meta.ToMap renders, whether it takes its own way
// or Meta.ToMap's, and whether its boxes are reused or replaced.
func TestMetadataIsMetaToMap(t *testing.T) {
	created := time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC)
	later := created.Add(time.Hour)
	gone := later.Add(time.Minute)
	grace := int64(30)
	yes := true
	lease := object.Meta{Name: "kube-scheduler", Namespace: "kube-system", UID: "u-1", ResourceVersion: "41", CreationTimestamp: created}
	with := func(f func(*object.Meta)) object.Meta { m := lease; f(&m); return m }
	metas := []struct {
		name string
		meta object.Meta
	}{
		{"a lease", lease},
		{"the lease renewed", with(func(m *object.Meta) { m.ResourceVersion = "42" })},
		{"another lease", with(func(m *object.Meta) { m.Name, m.UID, m.CreationTimestamp = "kube-controller-manager", "u-2", later })},
		{"no resourceVersion", with(func(m *object.Meta) { m.ResourceVersion = "" })},
		{"no creationTimestamp", with(func(m *object.Meta) { m.CreationTimestamp = time.Time{} })},
		{"generateName", with(func(m *object.Meta) { m.GenerateName = "lease-" })},
		{"empty", object.Meta{}},
		{"generation", with(func(m *object.Meta) { m.Generation = 3 })},
		{"deletion", with(func(m *object.Meta) { m.DeletionTimestamp, m.DeletionGracePeriodSeconds = &gone, &grace })},
		{"labels", with(func(m *object.Meta) { m.Labels = map[string]string{"a": "b"} })},
		{"annotations", with(func(m *object.Meta) { m.Annotations = map[string]string{"a": "b"} })},
		{"owner", with(func(m *object.Meta) {
			m.OwnerReferences = []object.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: "n", UID: "u-3", Controller: &yes}}
		})},
		{"finalizers", with(func(m *object.Meta) { m.Finalizers = []string{"f"} })},
		{"the lease again", lease},
	}
	var b boxes
	for _, tt := range metas {
		if got, want := b.metadata(&tt.meta), tt.meta.ToMap(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: metadata = %v, want %v", tt.name, got, want)
		}
	}
}

// plainMeta knows every field of object.Meta: one it does not know could
// be left out of the metadata it lets through.
func TestPlainMetaKnowsEveryMetaField(t *testing.T) {
	known := []string{"Name", "GenerateName", "Namespace", "UID", "ResourceVersion", "Generation",
		"CreationTimestamp", "DeletionTimestamp", "DeletionGracePeriodSeconds",
		"Labels", "Annotations", "OwnerReferences", "Finalizers"}
	var fields []string
	for f := range reflect.TypeFor[object.Meta]().Fields() {
		fields = append(fields, f.Name)
	}
	if !slices.Equal(fields, known) {
		t.Errorf("object.Meta has fields %v; plainMeta and metadata know %v", fields, known)
	}
}

// A renewal's body is the Lease last read with the new spec, as
// Object.ToMap renders it, and shares no map with that Lease, which is
// the API server's.
func TestUpdateBodyIsTheLeaseWithTheNewSpec(t *testing.T) {
	c := newCluster(t, 1)
	a := c.add("controller-manager")
	a.el.Run()
	c.env.Loop.RunFor(5 * time.Second)
	l := &a.el.lock
	rec := a.el.observed
	rec.RenewTime = rec.RenewTime.Add(time.Second)
	for range 2 { // the second one reuses the boxes
		want := l.lease.DeepCopy()
		want.Content["spec"] = rec.spec(&boxes{})
		got := l.updateBody(rec)
		if !reflect.DeepEqual(got, want.ToMap()) {
			t.Errorf("body = %v\nwant   %v", got, want.ToMap())
		}
		if reflect.ValueOf(got["spec"]).UnsafePointer() == reflect.ValueOf(l.lease.Spec()).UnsafePointer() {
			t.Error("the body shares its spec with the Lease read")
		}
	}
}
