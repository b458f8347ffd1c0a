package apiserver

import "testing"

// TestCRDStaysInItsPlane: planes start with the built-in registry's
// tables shared, so a CRD one plane serves, and deletes, must show in no
// other plane, whether made before or after it.
func TestCRDStaysInItsPlane(t *testing.T) {
	before, changed := newHarness(t), newHarness(t)
	crd := obj("apiextensions.k8s.io/v1", "CustomResourceDefinition", "", "gadgets.example.com", map[string]any{"spec": map[string]any{
		"group": "example.com", "scope": "Namespaced",
		"names": map[string]any{"plural": "gadgets", "kind": "Gadget", "shortNames": []any{"po"}},
		"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true,
			"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}}}},
	}})
	changed.must(changed.do("admin", "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd))
	changed.must(changed.do("admin", "DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.com", nil))
	changed.must(changed.do("admin", "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd))
	if _, ok := changed.p.Registry().ByResource("example.com", "gadgets"); !ok {
		t.Fatalf("the plane that created the CRD does not serve gadgets")
	}
	after := newHarness(t)
	for name, h := range map[string]*harness{"a plane made before": before, "a plane made after": after} {
		if _, ok := h.p.Registry().ByResource("example.com", "gadgets"); ok {
			t.Errorf("%s serves gadgets", name)
		}
		if resp := h.do("admin", "GET", "/apis/example.com/v1/namespaces/demo/gadgets", nil); resp.Code != 404 {
			t.Errorf("%s answers gadgets with %d", name, resp.Code)
		}
		if k, err := h.p.Registry().Resolve("po"); err != nil || k.Kind != "Pod" || k.Group != "" {
			t.Errorf("%s resolves po to %v (%v)", name, k, err)
		}
		if got, want := len(h.p.Registry().Kinds()), len(changed.p.Registry().Kinds())-1; got != want {
			t.Errorf("%s has %d kinds, want %d", name, got, want)
		}
	}
}
