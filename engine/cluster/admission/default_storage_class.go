package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultStorageClassName is the plugin's name in kube-apiserver.
const DefaultStorageClassName = "DefaultStorageClass"

// DefaultStorageClass is plugin/pkg/admission/storage/storageclass/
// setdefault: on create, a PersistentVolumeClaim that asks for no class
// (no spec.storageClassName, no beta storage-class annotation) is given
// the default StorageClass's name: the class annotated
// storageclass.kubernetes.io/is-default-class (or its beta form) "true",
// the newest if several are, the lower name on a tie
// (pkg/volume/util/storageclass.go, GetDefaultClass). With no default
// class it does nothing. Updates are not touched.
type DefaultStorageClass struct{ classes StorageClasses }

var _ Mutator = (*DefaultStorageClass)(nil)

// NewDefaultStorageClass returns the plugin; classes may be nil (no
// StorageClass exists).
func NewDefaultStorageClass(classes StorageClasses) *DefaultStorageClass {
	return &DefaultStorageClass{classes: classes}
}

// Name is "DefaultStorageClass".
func (*DefaultStorageClass) Name() string { return DefaultStorageClassName }

// Handles is Scoped: Admit takes creates of PersistentVolumeClaims;
// Validate does nothing.
func (*DefaultStorageClass) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	return creates(op, group, resource, sub, "", "persistentvolumeclaims"), false
}

// Admit defaults the class.
func (p *DefaultStorageClass) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// Validate does nothing: the plugin only mutates.
func (*DefaultStorageClass) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// AdmitChanges is Admit, reporting the field it set.
func (p *DefaultStorageClass) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if a.Operation != api.OpCreate || a.Subresource != "" || a.Object == nil || !isCore(a, "persistentvolumeclaims") {
		return nil
	}
	if _, ok := a.Object.Meta.Annotations[object.AnnotationBetaStorageClass]; ok {
		return nil
	}
	spec := a.Object.EnsureMap("spec")
	if c, ok := spec["storageClassName"]; ok && c != nil {
		return nil
	}
	if p.classes == nil {
		return nil
	}
	def := newestDefault(p.classes.StorageClasses(), object.IsDefaultStorageClass)
	if def == nil {
		return nil
	}
	spec["storageClassName"] = def.Meta.Name
	ch.Set = append(ch.Set, ".spec.storageClassName")
	return nil
}
