package apiserver

import (
	"bytes"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestOpenAPIV3Entry checks that the kept documents are the ones a fresh
// build gives, for the built-in group versions and for kinds that differ
// from a kept one in a single field add reads — a fingerprint that left
// the field out would hand back the other kind's document.
func TestOpenAPIV3Entry(t *testing.T) {
	base := func() *object.KindInfo {
		return &object.KindInfo{Group: "example.io", Version: "v1", Kind: "Widget", Resource: "widgets",
			Namespaced: true, Verbs: []string{"get", "list", "create"}, Subresources: []string{"status"}}
	}
	crd := func(desc string) *object.KindInfo {
		k := base()
		k.CRD = &object.CRDInfo{Name: "widgets.example.io", OpenAPI: map[string]any{"type": "object", "x-note": desc}}
		return k
	}
	tests := []struct {
		name   string
		change func(k *object.KindInfo)
	}{
		{"base", func(*object.KindInfo) {}},
		{"cluster scoped", func(k *object.KindInfo) { k.Namespaced = false }},
		{"fewer verbs", func(k *object.KindInfo) { k.Verbs = []string{"get"} }},
		{"verbs reordered", func(k *object.KindInfo) { k.Verbs = []string{"create", "get", "list"} }},
		{"no subresources", func(k *object.KindInfo) { k.Subresources = nil }},
		{"scale", func(k *object.KindInfo) { k.Subresources = []string{"status", "scale"} }},
		{"other resource", func(k *object.KindInfo) { k.Resource = "gadgets" }},
		{"other kind", func(k *object.KindInfo) { k.Kind = "Gadget" }},
		{"other group", func(k *object.KindInfo) { k.Group = "example.com" }},
		{"verb moved to subresources", func(k *object.KindInfo) {
			k.Verbs, k.Subresources = []string{"get", "list"}, []string{"create", "status"}
		}},
	}
	for _, round := range []string{"first", "kept"} {
		for _, tt := range tests {
			k := base()
			tt.change(k)
			key := "apis/example.io/v1"
			e := openAPIV3Entry(key, []*object.KindInfo{k})
			if want := openAPIV3Doc(key, []*object.KindInfo{k}); !bytes.Equal(e.doc, want) {
				t.Errorf("%s %s: kept document differs from a fresh one", round, tt.name)
			}
			if e.Hash() != openAPIHash(e.doc) {
				t.Errorf("%s %s: hash %s, want the document's", round, tt.name, e.Hash())
			}
		}
	}
	for _, desc := range []string{"one", "two", "one"} {
		k := crd(desc)
		e := openAPIV3Entry("apis/example.io/v1", []*object.KindInfo{k})
		if want := openAPIV3Doc("apis/example.io/v1", []*object.KindInfo{k}); !bytes.Equal(e.doc, want) || e.Hash() != openAPIHash(want) {
			t.Errorf("CRD schema %q: document or hash not the fresh one", desc)
		}
	}
	reg := object.NewBuiltinRegistry()
	for _, k := range reg.Kinds() {
		if k.BodyOnly {
			continue
		}
		key := "apis/" + k.Group + "/" + k.Version
		if k.Group == "" {
			key = "api/" + k.Version
		}
		var ks []*object.KindInfo
		for _, o := range reg.Kinds() {
			if o.Group == k.Group && o.Version == k.Version && !o.BodyOnly {
				ks = append(ks, o)
			}
		}
		if !bytes.Equal(openAPIV3Entry(key, ks).doc, openAPIV3Doc(key, ks)) {
			t.Errorf("%s: kept document differs from a fresh one", key)
		}
	}
}
