package object

import "testing"

func TestNewControllerRef(t *testing.T) {
	owner := New("apps/v1", "ReplicaSet")
	owner.Meta.Name, owner.Meta.UID = "web-5d8c", "uid-1"
	ref := NewControllerRef(owner, "apps/v1", "ReplicaSet")
	if ref.APIVersion != "apps/v1" || ref.Kind != "ReplicaSet" || ref.Name != "web-5d8c" || ref.UID != "uid-1" {
		t.Errorf("NewControllerRef = %+v, want the owner's name and uid with the given apiVersion and kind", ref)
	}
	if !ref.IsController() || ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Errorf("NewControllerRef = %+v, want controller and blockOwnerDeletion true", ref)
	}
}
