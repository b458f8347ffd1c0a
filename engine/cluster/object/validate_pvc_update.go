package object

// pvcSpecImmutableMsg is the detail of a refused change of a claim's spec,
// before the diff.
const pvcSpecImmutableMsg = "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims"

// validatePVCUpdate is what ValidatePersistentVolumeClaimUpdate
// (k8s.io/kubernetes/pkg/apis/core/validation/validation.go, v1.37) adds
// to the validation of the new claim. A claim's spec is immutable but for:
// its volumeName, set once; a storage class set where there was none (or
// where the beta annotation names it); and, once the claim is bound, its
// storage request and volume attributes class. A refused change is one
// Forbidden error with the diff of the internal specs. The storage
// request may not fall to the capacity the status records
// (RecoverVolumeExpansionFailure is GA), and the volume mode stays.
func validatePVCUpdate(o, old *Object) FieldErrors {
	var errs FieldErrors
	sp, osp := o.Spec(), old.Spec()
	spec, ospec := pvcSpecOf(sp), pvcSpecOf(osp)
	// As sent and stored, before the comparison below masks them.
	mode, oldMode := spec.VolumeMode, ospec.VolumeMode
	vac, oldVAC := spec.VolumeAttributesClassName, ospec.VolumeAttributesClassName
	if ospec.VolumeName == "" {
		ospec.VolumeName = spec.VolumeName
	}
	oldAnn, hasOldAnn := old.Meta.Annotations[AnnotationBetaStorageClass]
	newAnn, hasNewAnn := o.Meta.Annotations[AnnotationBetaStorageClass]
	switch {
	case hasOldAnn && ospec.StorageClassName == nil && spec.StorageClassName != nil &&
		*spec.StorageClassName == oldAnn && (!hasNewAnn || newAnn == oldAnn):
		// validateStorageClassUpgradeFromAnnotation
		spec.StorageClassName = nil
	default:
		if newAnn != oldAnn {
			errs = append(errs, Invalid("metadata.annotations."+AnnotationBetaStorageClass, newAnn, FieldImmutableErrorMsg))
		}
		// validateStorageClassUpgradeFromNil
		if spec.StorageClassName != nil && ospec.StorageClassName == nil && (!hasOldAnn || *spec.StorageClassName == oldAnn) {
			spec.StorageClassName = ospec.StorageClassName
		}
	}
	status, _ := o.Content["status"].(map[string]any)
	if stringAt(status, "phase") == "Bound" {
		if spec.Resources.Requests != nil {
			spec.Resources.Requests["storage"] = ospec.Resources.Requests["storage"]
		}
		spec.VolumeAttributesClassName = ospec.VolumeAttributesClassName
	}
	if d := internalDiff(ospec, spec); d != "" {
		errs = append(errs, Forbidden("spec", pvcSpecImmutableMsg+"\n"+d))
	}
	newSize, _ := QuantityOf(mapAt(sp, "resources", "requests")["storage"])
	oldSize, _ := QuantityOf(mapAt(osp, "resources", "requests")["storage"])
	capacity, _ := QuantityOf(mapAt(old.Content, "status", "capacity")["storage"])
	if newSize.Cmp(oldSize) < 0 && newSize.Cmp(capacity) <= 0 {
		errs = append(errs, Forbidden("spec.resources.requests.storage", "field can not be less than status.capacity"))
	}
	if !PtrEqual(mode, oldMode) {
		errs = append(errs, Invalid("volumeMode", mode, FieldImmutableErrorMsg))
	}
	if !PtrEqual(vac, oldVAC) && stringAt(mapAt(old.Content, "status"), "currentVolumeAttributesClassName") != "" {
		// Once applied, a volume attributes class may not be removed.
		switch {
		case vac == nil:
			errs = append(errs, Forbidden("spec.volumeAttributesClassName", "update to nil is forbidden when status.currentVolumeAttributesClassName is not nil"))
		case *vac == "":
			errs = append(errs, Forbidden("spec.volumeAttributesClassName", "update to empty string is forbidden when status.currentVolumeAttributesClassName is not nil"))
		}
	}
	return errs
}

// internalPVCSpec is core.PersistentVolumeClaimSpec, the internal type
// whose JSON the API server prints in the diff of a refused change (see
// internalPVSource): Go field names, in this order, null when unset.
type internalPVCSpec struct {
	AccessModes               []string
	Selector                  *selectorJSON // metav1.LabelSelector, which has JSON tags
	Resources                 internalResources
	VolumeName                string
	StorageClassName          *string
	VolumeMode                *string
	DataSource                *internalTypedLocalRef
	DataSourceRef             *internalTypedRef
	VolumeAttributesClassName *string
}

// internalResources is core.VolumeResourceRequirements; a quantity prints
// in its canonical form.
type internalResources struct {
	Limits   map[string]Quantity
	Requests map[string]Quantity
}

// internalTypedLocalRef is core.TypedLocalObjectReference.
type internalTypedLocalRef struct {
	APIGroup *string
	Kind     string
	Name     string
}

// internalTypedRef is core.TypedObjectReference.
type internalTypedRef struct {
	APIGroup  *string
	Kind      string
	Name      string
	Namespace *string
}

// pvcSpecOf reads a claim's spec into its internal form.
func pvcSpecOf(sp map[string]any) *internalPVCSpec {
	s := &internalPVCSpec{VolumeName: stringAt(sp, "volumeName"),
		StorageClassName: optionalString(sp, "storageClassName"), VolumeMode: optionalString(sp, "volumeMode"),
		VolumeAttributesClassName: optionalString(sp, "volumeAttributesClassName")}
	for _, m := range listAt(sp, "accessModes") {
		str, _ := m.(string)
		s.AccessModes = append(s.AccessModes, str)
	}
	if sel, ok := selectorValue(sp["selector"]).(selectorJSON); ok {
		s.Selector = &sel
	}
	s.Resources.Limits = quantityMap(mapAt(sp, "resources", "limits"))
	s.Resources.Requests = quantityMap(mapAt(sp, "resources", "requests"))
	if m, ok := sp["dataSource"].(map[string]any); ok {
		s.DataSource = &internalTypedLocalRef{APIGroup: optionalString(m, "apiGroup"), Kind: stringAt(m, "kind"), Name: stringAt(m, "name")}
	}
	if m, ok := sp["dataSourceRef"].(map[string]any); ok {
		s.DataSourceRef = &internalTypedRef{APIGroup: optionalString(m, "apiGroup"), Kind: stringAt(m, "kind"),
			Name: stringAt(m, "name"), Namespace: optionalString(m, "namespace")}
	}
	return s
}

// optionalString is the string at key k of m, nil when absent or null.
func optionalString(m map[string]any, k string) *string {
	if s, ok := m[k].(string); ok {
		return &s
	}
	return nil
}

// quantityMap reads a resource list; nil when absent.
func quantityMap(m map[string]any) map[string]Quantity {
	if m == nil {
		return nil
	}
	out := make(map[string]Quantity, len(m))
	for k, v := range m {
		out[k], _ = QuantityOf(v)
	}
	return out
}
