package controller

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
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

// Protect is the finalizer step both protection controllers end with
// (processPVC, processPV): an object being deleted that inUse says nothing
// uses loses finalizer; one not being deleted that lacks it gets it. Each
// is one update through c. inUse is asked only of a deletion candidate.
func Protect(c *client.Client, k *object.KindInfo, o *object.Object, finalizer string, inUse func() (bool, error)) error {
	if IsDeletionCandidate(o, finalizer) {
		used, err := inUse()
		if err != nil || used {
			return err
		}
		_, err = c.Update(k, withoutFinalizer(o, finalizer), api.WriteOptions{})
		return err
	}
	if NeedToAddFinalizer(o, finalizer) {
		clone := o.DeepCopy()
		clone.Meta.Finalizers = append(clone.Meta.Finalizers, finalizer)
		_, err := c.Update(k, clone, api.WriteOptions{})
		return err
	}
	return nil
}

// withoutFinalizer returns a copy of o without finalizer
// (slice.RemoveString).
func withoutFinalizer(o *object.Object, finalizer string) *object.Object {
	c := o.DeepCopy()
	c.Meta.Finalizers = slices.DeleteFunc(c.Meta.Finalizers, func(f string) bool { return f == finalizer })
	if len(c.Meta.Finalizers) == 0 {
		c.Meta.Finalizers = nil
	}
	return c
}
