package admission

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// StorageObjectInUseProtectionName is the plugin's name in kube-apiserver.
const StorageObjectInUseProtectionName = "StorageObjectInUseProtection"

// StorageObjectInUseProtection is plugin/pkg/admission/storage/
// storageobjectinuseprotection: on create, a PersistentVolume gets the
// finalizer kubernetes.io/pv-protection and a PersistentVolumeClaim
// kubernetes.io/pvc-protection, appended after any it already has, so
// that neither leaves the store while in use: the pv-protection and
// pvc-protection controllers remove them once nothing uses the object.
// Subresources and updates are not touched.
type StorageObjectInUseProtection struct{}

var _ Mutator = StorageObjectInUseProtection{}

// NewStorageObjectInUseProtection returns the plugin.
func NewStorageObjectInUseProtection() StorageObjectInUseProtection {
	return StorageObjectInUseProtection{}
}

// Name is "StorageObjectInUseProtection".
func (StorageObjectInUseProtection) Name() string { return StorageObjectInUseProtectionName }

// Handles is Scoped: Admit takes creates of PersistentVolumes and
// PersistentVolumeClaims; Validate does nothing.
func (StorageObjectInUseProtection) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	return creates(op, group, resource, sub, "", "persistentvolumes") || creates(op, group, resource, sub, "", "persistentvolumeclaims"), false
}

// Admit adds the finalizer.
func (p StorageObjectInUseProtection) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// Validate does nothing: the plugin only mutates.
func (StorageObjectInUseProtection) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// AdmitChanges is Admit, reporting the field it set.
func (StorageObjectInUseProtection) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if a.Operation != api.OpCreate || a.Subresource != "" || a.Object == nil {
		return nil
	}
	var finalizer string
	switch {
	case isCore(a, "persistentvolumes"):
		finalizer = object.FinalizerPVProtection
	case isCore(a, "persistentvolumeclaims"):
		finalizer = object.FinalizerPVCProtection
	default:
		return nil
	}
	if slices.Contains(a.Object.Meta.Finalizers, finalizer) {
		return nil
	}
	a.Object.Meta.Finalizers = append(a.Object.Meta.Finalizers, finalizer)
	ch.Set = append(ch.Set, ".metadata.finalizers")
	return nil
}
