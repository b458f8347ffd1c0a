package object

import "testing"

// Built-in registries share their kinds and lists: registering a version
// or a short name in one, or unregistering a resource, leaves the others
// (and the registries made afterwards) as they were.
func TestBuiltinRegistriesAreIndependent(t *testing.T) {
	changed, other := NewBuiltinRegistry(), NewBuiltinRegistry()
	changed.MustRegister(&KindInfo{Group: "apps", Version: "v2", Kind: "Deployment", Resource: "deployments",
		ShortNames: []string{"deploy"}, Namespaced: true})
	changed.MustRegister(&KindInfo{Group: "example.com", Version: "v1", Kind: "Pod", Resource: "pods",
		ShortNames: []string{"po"}, Namespaced: true})
	widget := &KindInfo{Group: "example.com", Version: "v1", Kind: "Widget", Resource: "widgets", ShortNames: []string{"po"}}
	other.MustRegister(widget)
	if got := changed.Kinds(); got[len(got)-2].Kind != "Deployment" || got[len(got)-1].Kind != "Pod" {
		t.Errorf("registering a kind in one registry replaced the kinds another registered last: %v", got[len(got)-2:])
	}
	if l := changed.aliases["po"]; len(l) != 2 || l[1].Group != "example.com" || l[1].Kind != "Pod" {
		t.Errorf("registering a short name in one registry changed another's: %v", l)
	}
	other.Unregister("example.com", "widgets")
	changed.Unregister("", "configmaps")
	if got := len(changed.Versions("apps", "deployments")); got != 2 {
		t.Fatalf("the changed registry has %d versions of deployments.apps, want 2", got)
	}
	for name, r := range map[string]*Registry{"a registry made before": other, "a registry made after": NewBuiltinRegistry()} {
		if got := r.Versions("apps", "deployments"); len(got) != 1 || got[0].Version != "v1" {
			t.Errorf("%s has deployments.apps versions %v, want only v1", name, got)
		}
		if k, err := r.Resolve("deploy"); err != nil || k.Version != "v1" {
			t.Errorf("%s resolves deploy to %v (%v), want apps/v1", name, k, err)
		}
		if k, err := r.Resolve("po.example.com"); err == nil {
			t.Errorf("%s resolves po.example.com to %v", name, k)
		}
		if _, ok := r.ByKind("v1", "ConfigMap"); !ok {
			t.Errorf("%s lost ConfigMap", name)
		}
		if got, want := len(r.Kinds()), len(builtinTemplate().reg.kinds); got != want {
			t.Errorf("%s has %d kinds, want %d", name, got, want)
		}
	}
}

// Registries made from one template append to their lists without
// writing into each other's, even where a list of the template has room to
// grow. They share the template's KindInfo values, which registering
// never changes.
func TestInstancesOfATemplateAreApart(t *testing.T) {
	base := NewRegistry()
	for _, v := range []string{"v1", "v2", "v3"} {
		base.MustRegister(&KindInfo{Group: "example.com", Version: v, Kind: "Widget", Resource: "widgets", ShortNames: []string{"wd"}})
	}
	tmpl := newRegistryTemplate(base)
	a, b := tmpl.instantiate(), tmpl.instantiate()
	a.MustRegister(&KindInfo{Group: "a.example.com", Version: "v1", Kind: "Widget", Resource: "widgets", ShortNames: []string{"wd"}})
	b.MustRegister(&KindInfo{Group: "b.example.com", Version: "v1", Kind: "Widget", Resource: "widgets", ShortNames: []string{"wd"}})
	for name, r := range map[string]*Registry{"a": a, "b": b} {
		l := r.aliases["wd"]
		if len(l) != 4 || l[3].Group != name+".example.com" {
			t.Errorf("registry %s has aliases %v", name, l)
		}
	}
	if l := base.aliases["wd"]; len(l) != 3 {
		t.Errorf("the template has aliases %v", l)
	}
	ka, _ := a.ByKind("example.com/v2", "Widget")
	kb, _ := b.ByKind("example.com/v2", "Widget")
	kt, _ := base.ByKind("example.com/v2", "Widget")
	if ka != kt || kb != kt || ka != a.Versions("example.com", "widgets")[1] || ka != a.byGK[groupKind{"example.com", "Widget"}][1] {
		t.Errorf("the instances' tables do not point at the template's kinds")
	}
	if len(base.kinds) != 3 || len(base.byGVK) != 3 {
		t.Errorf("the template has kinds %v", base.kinds)
	}
}

// A registry made from a template reads the template's tables until it
// registers or unregisters a kind, and no longer afterwards.
func TestInstanceCopiesTablesOnFirstChange(t *testing.T) {
	tmpl := builtinTemplate()
	r := tmpl.instantiate()
	if !r.shared || len(r.byGVK) != len(tmpl.reg.byGVK) {
		t.Fatalf("a new instance does not share the template's tables")
	}
	r.Unregister("", "configmaps")
	if r.shared {
		t.Fatalf("an instance still shares the template's tables after unregistering")
	}
	if _, ok := tmpl.reg.ByKind("v1", "ConfigMap"); !ok {
		t.Errorf("unregistering in an instance removed ConfigMap from the template")
	}
	if _, ok := r.ByKind("v1", "ConfigMap"); ok {
		t.Errorf("the instance still has ConfigMap")
	}
	r.Unregister("", "nosuchresource")
	before := len(NewBuiltinRegistry().Kinds())
	if before != len(tmpl.reg.kinds) {
		t.Errorf("a new registry has %d kinds, the template %d", before, len(tmpl.reg.kinds))
	}
}
