package object

// The annotations that name storage classes (k8s.io/api/core/v1 and
// k8s.io/kubernetes/pkg/volume/util/storageclass.go).
const (
	// AnnotationBetaStorageClass is the storage class annotation older
	// claims and volumes carry instead of spec.storageClassName.
	AnnotationBetaStorageClass = "volume.beta.kubernetes.io/storage-class"
	// AnnotationIsDefaultStorageClass marks the default StorageClass, as
	// does its beta form.
	AnnotationIsDefaultStorageClass     = "storageclass.kubernetes.io/is-default-class"
	AnnotationBetaIsDefaultStorageClass = "storageclass.beta.kubernetes.io/is-default-class"
)

// IsDefaultStorageClass reports whether a StorageClass is annotated as the
// default (storageutil.IsDefaultAnnotation).
func IsDefaultStorageClass(o *Object) bool {
	a := o.Meta.Annotations
	return a[AnnotationIsDefaultStorageClass] == "true" || a[AnnotationBetaIsDefaultStorageClass] == "true"
}

// StorageClassOf is a claim's or a volume's storage class, as
// helper.GetPersistentVolumeClaimClass and GetPersistentVolumeClass read
// it alike: the beta annotation when present (even empty), else
// spec.storageClassName, else "".
func StorageClassOf(o *Object) string {
	if c, ok := o.Meta.Annotations[AnnotationBetaStorageClass]; ok {
		return c
	}
	return stringAt(o.Spec(), "storageClassName")
}

// The finalizers that keep storage objects while in use
// (pkg/volume/util/finalizer.go).
const (
	// FinalizerPVCProtection keeps a PersistentVolumeClaim while a Pod
	// uses it.
	FinalizerPVCProtection = "kubernetes.io/pvc-protection"
	// FinalizerPVProtection keeps a PersistentVolume while it is bound.
	FinalizerPVProtection = "kubernetes.io/pv-protection"
)

// PodClaimNames are the claims a Pod's persistentVolumeClaim volumes
// name, in the order of its volumes.
func PodClaimNames(pod *Object) []string {
	var out []string
	for _, v := range listAt(pod.Spec(), "volumes") {
		if claim := stringAt(AsMap(v), "persistentVolumeClaim", "claimName"); claim != "" {
			out = append(out, claim)
		}
	}
	return out
}
