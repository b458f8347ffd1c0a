package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// DeletedFinalStateUnknown is what a delete handler receives for an object
// that disappeared while the watch was down: the relist no longer has it,
// so its final state is unknown and Obj is the last state the cache had
// (k8s.io/client-go/tools/cache/delta_fifo.go).
type DeletedFinalStateUnknown struct {
	Key string
	Obj *object.Object
}

// ObjectOf returns the object a delete handler received: the object
// itself, or the last known state inside a tombstone.
func ObjectOf(obj any) (*object.Object, bool) {
	switch o := obj.(type) {
	case *object.Object:
		return o, o != nil
	case DeletedFinalStateUnknown:
		return o.Obj, o.Obj != nil
	}
	return nil, false
}
