package object

import "testing"

// ownerRefSize counts what valueSize counts of the reference's tree, with
// and without its optional flags and with names that need escaping.
func TestOwnerRefSizeIsTheTreeSize(t *testing.T) {
	yes, no := true, false
	for _, r := range []OwnerReference{
		{},
		{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-5d9c7b", UID: "0f5c1a2e-8b1d-4c3e-9a7f-2b6d8e4f1a3c"},
		{APIVersion: "v1", Kind: "Node", Name: `a"b<c>\d`, UID: "u", Controller: &yes},
		{APIVersion: "v1", Kind: "Pod", Name: "p", UID: "u", Controller: &no, BlockOwnerDeletion: &yes},
		{Name: "é", BlockOwnerDeletion: &no},
	} {
		if got, want := ownerRefSize(r), valueSize(r.toMap()); got != want {
			t.Errorf("ownerRefSize(%+v) = %d, the tree's size %d", r, got, want)
		}
	}
}
