package apiserver

import (
	"net/http"
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// updateTarget is what an update or patch replaces: the object, or one of
// its subresources.
type updateTarget uint8

const (
	mainResource     updateTarget = iota
	statusResource                // …/status: only status changes
	scaleResource                 // …/scale: an autoscaling/v1 Scale sets spec.replicas
	finalizeResource              // namespaces/NAME/finalize: only spec.finalizers changes
)

func updateOperation(t updateTarget) *operation {
	return &operation{
		admission: api.OpUpdate,
		decode:    func(r *request) *api.Status { return decodeUpdate(r, t) },
		validate:  func(r *request) *api.Status { return validateUpdate(r, t) },
		persist:   persistUpdate,
		respond:   func(r *request) *api.Response { return respondUpdate(r, t) },
	}
}

// decodeUpdate decodes the body and reads the stored object it replaces.
func decodeUpdate(r *request, t updateTarget) *api.Status {
	if t == scaleResource {
		if st := r.decodeScale(r.req.Body); st != nil {
			return st
		}
	} else {
		o, st := r.decodeSent(r.kind)
		if st != nil {
			return st
		}
		if st := r.checkNamespace(r.kind, o); st != nil {
			return st
		}
		if st := r.checkName(o); st != nil {
			return st
		}
		r.obj = o
	}
	return r.readOld()
}

// readOld reads the object an update or patch changes from the watch
// cache, as the cacher hands GuaranteedUpdate its cached object so that
// the first read does not go to etcd (cacher.go, GuaranteedUpdate); the
// store answers when the cache is not loaded. So with etcd down an update
// fails at persist.
func (r *request) readOld() *api.Status {
	if c, st := r.s.cacheFor(r.kind); st == nil {
		o, ok := r.s.p.prefixes.cachedObject(c, r.kind, r.info.Namespace, r.info.Name)
		if !ok {
			return api.NewNotFound(grOf(r.kind), r.info.Name)
		}
		rev, bad := parseRV(o.Meta.ResourceVersion)
		if bad != nil {
			return bad
		}
		r.old, r.oldRev = o, rev
		return nil
	}
	return r.readStoredOld()
}

// readStoredOld reads the object a request changes from the store.
func (r *request) readStoredOld() *api.Status {
	old, rev, st := r.readStored(r.kind, r.info.Namespace, r.info.Name)
	if st != nil {
		return st
	}
	r.old, r.oldRev = old, rev
	return nil
}

// validateUpdate is rest.BeforeUpdate: generation, uid, creation and
// deletion timestamps are the stored object's whatever the body says; the
// strategy prepares the object (a main-resource update keeps the stored
// status, a status update keeps everything but status); then validation.
func validateUpdate(r *request, t updateTarget) *api.Status {
	k, old := r.kind, r.old
	switch t {
	case scaleResource:
		if st := r.applyScale(); st != nil {
			return st
		}
	case finalizeResource:
		// Only spec.finalizers changes, as the body has it (before
		// defaulting, which would add "kubernetes" back).
		o := old.DeepCopy()
		o.Meta.ResourceVersion = r.obj.Meta.ResourceVersion
		spec := o.EnsureMap("spec")
		sent, _ := r.req.Body["spec"].(map[string]any)
		if f, ok := sent["finalizers"]; ok && f != nil {
			spec["finalizers"] = object.DeepCopyValue(f)
		} else {
			delete(spec, "finalizers")
		}
		r.obj = o
	case statusResource:
		object.PrepareForStatusUpdate(r.obj, old)
		object.StampVolumePhaseTransition(r.obj, old, r.now.Wall())
	default:
		o := r.obj
		o.Meta.Generation = old.Meta.Generation
		object.PrepareForUpdate(k, o, old)
		if o.Meta.UID == "" {
			o.Meta.UID = old.Meta.UID
		}
		o.Meta.CreationTimestamp = old.Meta.CreationTimestamp
		if old.Meta.DeletionTimestamp != nil {
			o.Meta.DeletionTimestamp = old.Meta.DeletionTimestamp
		}
		if old.Meta.DeletionGracePeriodSeconds != nil && o.Meta.DeletionGracePeriodSeconds == nil {
			o.Meta.DeletionGracePeriodSeconds = old.Meta.DeletionGracePeriodSeconds
		}
		if k.Group == "" && k.Resource == "namespaces" {
			// namespaceStrategy.PrepareForUpdate: spec.finalizers change
			// only through …/finalize.
			if f, ok := old.Spec()["finalizers"]; ok {
				o.EnsureMap("spec")["finalizers"] = object.DeepCopyValue(f)
			}
		}
	}
	// An unconditional update takes the stored resourceVersion
	// (doUnconditionalUpdate in the generic store's Update).
	if r.obj.Meta.ResourceVersion == "" {
		r.obj.Meta.ResourceVersion = old.Meta.ResourceVersion
	}
	validate := object.ValidateObject
	if t == statusResource {
		validate = object.ValidateStatusUpdate
	}
	if errs := validate(k, r.obj, old); len(errs) > 0 {
		return invalid(k, r.obj.Meta.Name, errs)
	}
	return nil
}

// persistUpdate is GuaranteedUpdate: the request's resourceVersion must
// be the stored one (an empty one means "whatever is stored", as every
// modelled kind allows unconditional updates), else 409 Conflict; an
// update that changes nothing writes nothing (etcd3 store: "if the new
// object is the same as the old one, skip the write"); an update that
// removes the last finalizer of an object being deleted without a grace
// period deletes it (ShouldDeleteDuringUpdate).
func persistUpdate(r *request) *api.Status {
	k, o, old := r.kind, r.obj, r.old
	rv := o.Meta.ResourceVersion
	if r.body != nil {
		rv = r.body.Meta.ResourceVersion
	}
	modRev := r.oldRev
	if rv != "" {
		n, st := parseRV(rv)
		if st != nil {
			return st
		}
		modRev = n
	}
	if modRev != r.oldRev {
		return api.NewConflict(grOf(k), old.Meta.Name, api.OptimisticLockErrorMsg)
	}
	if shouldDeleteDuringUpdate(k, o, old) {
		if _, st := r.remove(k, old, modRev); st != nil {
			return st
		}
		r.change = r.s.p.changeOf(old, nil)
		r.afterDelete(k, old)
		return nil
	}
	change, same := r.s.p.updateChange(old, o)
	if same {
		r.obj, r.rvAfter = old, old.Meta.ResourceVersion
		return nil
	}
	if st := r.write(k, o, modRev, "update"); st != nil {
		return st
	}
	r.change = change
	r.afterUpdate(k, o, old)
	return nil
}

// shouldDeleteDuringUpdate is the generic store's ShouldDeleteDuringUpdate
// (no finalizers left on an object being deleted without a grace period),
// and for a Namespace also no spec.finalizers left
// (pkg/registry/core/namespace/storage/storage.go,
// ShouldDeleteNamespaceDuringUpdate): the namespace controller's finalize
// call is what removes a terminating namespace.
func shouldDeleteDuringUpdate(k *object.KindInfo, o, old *object.Object) bool {
	if old.Meta.DeletionTimestamp == nil || len(o.Meta.Finalizers) != 0 ||
		(old.Meta.DeletionGracePeriodSeconds != nil && *old.Meta.DeletionGracePeriodSeconds != 0) {
		return false
	}
	if k.Group == "" && k.Resource == "namespaces" {
		return len(asList(o.Spec()["finalizers"])) == 0
	}
	return true
}

// sameObject reports whether two states of an object differ only in
// their resourceVersion.
func sameObject(a, b *object.Object) bool {
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && metaEqual(&a.Meta, &b.Meta) &&
		object.EqualValues(a.Content, b.Content)
}

// metaEqual compares two metadata but for their resourceVersion; empty and
// absent maps and lists are equal.
func metaEqual(a, b *object.Meta) bool {
	return a.Name == b.Name && a.GenerateName == b.GenerateName && a.Namespace == b.Namespace &&
		a.UID == b.UID && a.Generation == b.Generation && a.CreationTimestamp.Equal(b.CreationTimestamp) &&
		timePtrEqual(a.DeletionTimestamp, b.DeletionTimestamp) &&
		object.PtrEqual(a.DeletionGracePeriodSeconds, b.DeletionGracePeriodSeconds) &&
		object.EqualStringMaps(a.Labels, b.Labels) && object.EqualStringMaps(a.Annotations, b.Annotations) &&
		slices.Equal(a.Finalizers, b.Finalizers) &&
		slices.EqualFunc(a.OwnerReferences, b.OwnerReferences, ownerRefEqual)
}

func timePtrEqual(a, b *time.Time) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Equal(*b)
}

func ownerRefEqual(a, b object.OwnerReference) bool {
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		object.PtrEqual(a.Controller, b.Controller) && object.PtrEqual(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}

func respondUpdate(r *request, t updateTarget) *api.Response {
	if t == scaleResource {
		return respond(http.StatusOK, scaleOf(r.kind, r.obj))
	}
	return respond(http.StatusOK, r.obj)
}
