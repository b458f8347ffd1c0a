package controller

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// IsDeletionCandidate reports whether o is being deleted and still holds
// finalizer (pkg/controller/util/protectionutil/utils.go).
func IsDeletionCandidate(o *object.Object, finalizer string) bool {
	return o.Meta.DeletionTimestamp != nil && o.Meta.HasFinalizer(finalizer)
}

// NeedToAddFinalizer reports whether o is not being deleted and lacks
// finalizer (protectionutil.NeedToAddFinalizer).
func NeedToAddFinalizer(o *object.Object, finalizer string) bool {
	return o.Meta.DeletionTimestamp == nil && !o.Meta.HasFinalizer(finalizer)
}

// WithFinalizer returns a copy of o with finalizer appended.
func WithFinalizer(o *object.Object, finalizer string) *object.Object {
	c := o.DeepCopy()
	c.Meta.Finalizers = append(c.Meta.Finalizers, finalizer)
	return c
}

// WithoutFinalizer returns a copy of o without finalizer
// (slice.RemoveString).
func WithoutFinalizer(o *object.Object, finalizer string) *object.Object {
	c := o.DeepCopy()
	c.Meta.Finalizers = slices.DeleteFunc(c.Meta.Finalizers, func(f string) bool { return f == finalizer })
	if len(c.Meta.Finalizers) == 0 {
		c.Meta.Finalizers = nil
	}
	return c
}
