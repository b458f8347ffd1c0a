package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// PersistentVolumeClaimResizeName is the plugin's name in kube-apiserver.
const PersistentVolumeClaimResizeName = "PersistentVolumeClaimResize"

// StorageClasses reads StorageClass objects, which the storage plugins
// only read.
type StorageClasses interface {
	// StorageClass returns the stored StorageClass called name, or nil.
	StorageClass(name string) *object.Object
	// StorageClasses lists the stored StorageClasses.
	StorageClasses() []*object.Object
}

// PersistentVolumeClaimResize is plugin/pkg/admission/storage/
// persistentvolume/resize: a claim's storage request may grow only once
// the claim is bound, and only when the claim's storage class (the same
// before and after, from the beta annotation or spec.storageClassName)
// exists and sets allowVolumeExpansion. Otherwise the update is refused
// with 403 Forbidden. Shrinking is validation's to judge.
type PersistentVolumeClaimResize struct{ classes StorageClasses }

var _ api.AdmissionPlugin = (*PersistentVolumeClaimResize)(nil)

// NewPersistentVolumeClaimResize returns the plugin; classes may be nil
// (no StorageClass exists).
func NewPersistentVolumeClaimResize(classes StorageClasses) *PersistentVolumeClaimResize {
	return &PersistentVolumeClaimResize{classes: classes}
}

// Name is "PersistentVolumeClaimResize".
func (*PersistentVolumeClaimResize) Name() string { return PersistentVolumeClaimResizeName }

// Handles is Scoped: Validate takes writes of PersistentVolumeClaims;
// Admit does nothing.
func (*PersistentVolumeClaimResize) Handles(_ api.Operation, group, resource, sub string) (admit, validate bool) {
	return false, addresses(group, resource, sub, "", "persistentvolumeclaims")
}

// Admit does nothing: the plugin only validates.
func (*PersistentVolumeClaimResize) Admit(*api.AdmissionAttributes) *api.Status { return nil }

// Validate refuses a grown storage request the claim may not have.
func (p *PersistentVolumeClaimResize) Validate(a *api.AdmissionAttributes) *api.Status {
	if !isCore(a, "persistentvolumeclaims") || a.Subresource != "" || a.Object == nil || a.OldObject == nil {
		return nil
	}
	newSize, _ := object.QuantityOf(storageRequest(a.Object))
	oldSize, _ := object.QuantityOf(storageRequest(a.OldObject))
	if newSize.Cmp(oldSize) <= 0 {
		return nil
	}
	if a.OldObject.GetString(".status.phase") != "Bound" {
		return newForbidden(a, "Only bound persistent volume claims can be expanded")
	}
	if !p.allowResize(a.Object, a.OldObject) {
		return newForbidden(a, "only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize")
	}
	return nil
}

// allowResize reports whether the claim's storage class, unchanged,
// allows volume expansion.
func (p *PersistentVolumeClaimResize) allowResize(pvc, old *object.Object) bool {
	class, oldClass := object.StorageClassOf(pvc), object.StorageClassOf(old)
	if class == "" || oldClass == "" || class != oldClass || p.classes == nil {
		return false
	}
	sc := p.classes.StorageClass(class)
	if sc == nil {
		return false
	}
	allow, _, _ := sc.Get(".allowVolumeExpansion")
	return allow == true
}

// storageRequest is a claim's spec.resources.requests.storage, nil when
// absent.
func storageRequest(pvc *object.Object) any {
	v, _, _ := pvc.Get(".spec.resources.requests.storage")
	return v
}
