package controller

import (
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
