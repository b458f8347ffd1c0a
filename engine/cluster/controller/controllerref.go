package controller

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ResolveControllerRef is the controllers' resolveControllerRef: the
// object of kind that ref names in namespace, from the lister's cache, if
// it is still the one with ref's UID; nil otherwise, or when ref is of
// another kind.
func ResolveControllerRef(l cache.Lister, kind, namespace string, ref object.OwnerReference) *object.Object {
	if ref.Kind != kind {
		return nil
	}
	o, ok := l.Get(namespace, ref.Name)
	if !ok || o.Meta.UID != ref.UID {
		return nil
	}
	return o
}

// SelectingControllers are the controllers in the lister's cache, in
// obj's namespace, whose non-empty spec.selector matches obj's labels:
// those that may adopt it when it is an orphan (GetPodStatefulSets,
// GetPodDaemonSets).
func SelectingControllers(l cache.Lister, obj *object.Object) []*object.Object {
	var out []*object.Object
	for _, c := range l.ListNamespace(obj.Meta.Namespace, object.LabelSelector{}) {
		sel, ok := object.LabelSelectorFrom(c.Spec()["selector"])
		if ok && !sel.Empty() && sel.Matches(obj.Meta.Labels) {
			out = append(out, c)
		}
	}
	return out
}

// OrphanChanged reports whether an update of an object that has no
// controller changed what an adopter looks at: its labels or its
// controller reference (the controllers' updatePod).
func OrphanChanged(old, cur *object.Object) bool {
	return !maps.Equal(old.Meta.Labels, cur.Meta.Labels) || ControllerRefChanged(old, cur)
}

// ControllerRefChanged reports whether an update changed the object's
// controller reference.
func ControllerRefChanged(old, cur *object.Object) bool {
	oldRef, oldOK := old.Meta.ControllerRef()
	curRef, curOK := cur.Meta.ControllerRef()
	return oldOK != curOK || !sameRef(oldRef, curRef)
}

// sameRef compares two owner references field by field.
func sameRef(a, b object.OwnerReference) bool {
	deref := func(p *bool) bool { return p != nil && *p }
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		deref(a.Controller) == deref(b.Controller) && deref(a.BlockOwnerDeletion) == deref(b.BlockOwnerDeletion)
}
