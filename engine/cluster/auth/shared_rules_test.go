package auth

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestShareRules: once a policy's rules are shared, a role object holding
// the same rules list (a plane's stored copy of the bootstrap policy)
// reads the one compilation, equal to its own; a role with a rules list
// of its own is compiled for itself.
func TestShareRules(t *testing.T) {
	objs := BootstrapObjects()
	ShareRules(objs)
	var role *object.Object
	for _, o := range objs {
		if o.Kind == "ClusterRole" && o.Meta.Name == "system:kube-controller-manager" {
			role = o
		}
	}
	if role == nil {
		t.Fatal("no ClusterRole system:kube-controller-manager in the bootstrap policy")
	}
	stored := &object.Object{APIVersion: role.APIVersion, Kind: role.Kind, Meta: role.Meta, Content: role.Content}
	got, again := RulesOf(stored), RulesOf(stored)
	if len(got) == 0 || &got[0] != &again[0] {
		t.Fatalf("a stored copy of a shared role compiles its rules again (%d rules)", len(got))
	}
	if want := compileRules(stored); !reflect.DeepEqual(got, want) {
		t.Errorf("shared rules differ from the role's own:\n got %v\nwant %v", got, want)
	}
	own := stored.DeepCopy()
	a, b := RulesOf(own), RulesOf(own)
	if &a[0] == &b[0] || &a[0] == &got[0] {
		t.Error("a role with a rules list of its own reads a shared compilation")
	}
	if !reflect.DeepEqual(a, got) {
		t.Errorf("a copy's rules differ: %v", a)
	}
}
