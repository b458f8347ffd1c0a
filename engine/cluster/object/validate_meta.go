package object

import (
	"fmt"
	"sort"
	"strings"
)

// ValidateObject runs the checks the API server runs before persisting:
// metadata rules common to every kind, then the kind's own Validate. old is
// nil on create. The API server should fill metadata.resourceVersion from
// the stored object before validating an unconditional update, as
// Kubernetes does.
func ValidateObject(info *KindInfo, obj, old *Object) FieldErrors {
	var errs FieldErrors
	if old == nil {
		errs = validateObjectMeta(info, &obj.Meta)
	} else {
		errs = validateObjectMetaUpdate(&obj.Meta, &old.Meta)
	}
	if info.Validate != nil {
		errs = append(errs, info.Validate(obj, old)...)
	}
	return errs
}

// ValidateStatusUpdate runs the checks the API server runs before
// persisting a write to the status subresource: the metadata update rules,
// then the kind's ValidateStatus, or its Validate when it has none.
func ValidateStatusUpdate(info *KindInfo, obj, old *Object) FieldErrors {
	errs := validateObjectMetaUpdate(&obj.Meta, &old.Meta)
	validate := info.ValidateStatus
	if validate == nil {
		validate = info.Validate
	}
	if validate != nil {
		errs = append(errs, validate(obj, old)...)
	}
	return errs
}

// validateObjectMeta is ValidateObjectMetaAccessor
// (k8s.io/apimachinery/pkg/api/validation/objectmeta.go) plus the finalizer
// check of pkg/apis/core/validation ValidateObjectMeta.
func validateObjectMeta(info *KindInfo, m *Meta) FieldErrors {
	var errs FieldErrors
	const fp = "metadata"
	if m.GenerateName != "" {
		for _, msg := range nameProblems(info.NameRule, m.GenerateName, true) {
			errs = append(errs, Invalid(child(fp, "generateName"), m.GenerateName, msg))
		}
	}
	if m.Name == "" {
		errs = append(errs, Required(child(fp, "name"), "name or generateName is required"))
	} else {
		for _, msg := range nameProblems(info.NameRule, m.Name, false) {
			errs = append(errs, Invalid(child(fp, "name"), m.Name, msg))
		}
	}
	if info.Namespaced {
		if m.Namespace == "" {
			errs = append(errs, Required(child(fp, "namespace"), ""))
		} else {
			for _, msg := range IsDNS1123Label(m.Namespace) {
				errs = append(errs, Invalid(child(fp, "namespace"), m.Namespace, msg))
			}
		}
	} else if m.Namespace != "" {
		errs = append(errs, Forbidden(child(fp, "namespace"), "not allowed on this type"))
	}
	if m.Generation < 0 {
		errs = append(errs, Invalid(child(fp, "generation"), m.Generation, IsNegativeErrorMsg))
	}
	errs = append(errs, validateMetaCommon(info.CRD == nil, m)...)
	return errs
}

func validateMetaCommon(kube bool, m *Meta) FieldErrors {
	errs := ValidateLabels(m.Labels, "metadata.labels")
	errs = append(errs, ValidateAnnotations(m.Annotations, "metadata.annotations")...)
	errs = append(errs, validateOwnerReferences(m.OwnerReferences, "metadata.ownerReferences")...)
	errs = append(errs, validateFinalizers(m.Finalizers, "metadata.finalizers")...)
	if kube {
		for i, f := range m.Finalizers {
			errs = append(errs, validateKubeFinalizerName(f, index("metadata.finalizers", i))...)
		}
	}
	return errs
}

// validateObjectMetaUpdate is ValidateObjectMetaAccessorUpdate.
func validateObjectMetaUpdate(m, old *Meta) FieldErrors {
	var errs FieldErrors
	const fp = "metadata"
	if old.DeletionTimestamp != nil {
		var extra []string
		for _, f := range m.Finalizers {
			if !old.HasFinalizer(f) {
				extra = append(extra, f)
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			q := make([]string, len(extra))
			for i, f := range extra {
				q[i] = fmt.Sprintf("%q", f)
			}
			errs = append(errs, Forbidden(child(fp, "finalizers"),
				fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers []string{%s}", strings.Join(q, ", "))))
		}
	}
	if m.ResourceVersion == "" {
		errs = append(errs, Invalid(child(fp, "resourceVersion"), m.ResourceVersion, "must be specified for an update"))
	}
	if m.Generation < old.Generation {
		errs = append(errs, Invalid(child(fp, "generation"), m.Generation, "must not be decremented"))
	}
	// The values are rendered only for a field that changed.
	immutable := func(f string, v any) {
		errs = append(errs, Invalid(child(fp, f), v, FieldImmutableErrorMsg))
	}
	if m.Name != old.Name {
		immutable("name", m.Name)
	}
	if m.Namespace != old.Namespace {
		immutable("namespace", m.Namespace)
	}
	if m.UID != old.UID {
		immutable("uid", m.UID)
	}
	if !m.CreationTimestamp.Equal(old.CreationTimestamp) {
		immutable("creationTimestamp", timeValue(m.CreationTimestamp))
	}
	if !timePtrEqual(m.DeletionTimestamp, old.DeletionTimestamp) {
		immutable("deletionTimestamp", timePtrValue(m))
	}
	if !PtrEqual(m.DeletionGracePeriodSeconds, old.DeletionGracePeriodSeconds) {
		immutable("deletionGracePeriodSeconds", int64PtrValue(m.DeletionGracePeriodSeconds))
	}
	errs = append(errs, validateMetaCommon(true, m)...)
	return errs
}

// ValidateLabels checks label keys and values (meta/v1/validation
// ValidateLabels); keys are visited in sorted order for determinism.
func ValidateLabels(labels map[string]string, fp string) FieldErrors {
	valid := true
	for k, v := range labels {
		if len(IsQualifiedName(k)) > 0 || len(IsValidLabelValue(v)) > 0 {
			valid = false
			break
		}
	}
	if valid {
		return nil // no need to sort the keys for the messages
	}
	var errs FieldErrors
	for _, k := range sortedStringKeys(labels) {
		for _, msg := range IsQualifiedName(k) {
			errs = append(errs, Invalid(fp, k, msg))
		}
		for _, msg := range IsValidLabelValue(labels[k]) {
			errs = append(errs, Invalid(fp, labels[k], msg))
		}
	}
	return errs
}

// totalAnnotationSizeLimit is TotalAnnotationSizeLimitB (objectmeta.go): 256 KiB.
const totalAnnotationSizeLimit = 256 * (1 << 10)

// ValidateAnnotations checks annotation keys (qualified names, case
// ignored) and the total size.
func ValidateAnnotations(ann map[string]string, fp string) FieldErrors {
	size := 0
	for k, v := range ann {
		if len(IsQualifiedName(strings.ToLower(k))) > 0 {
			size = -1
			break
		}
		size += len(k) + len(v)
	}
	if size >= 0 && size <= totalAnnotationSizeLimit {
		return nil // no need to sort the keys for the messages
	}
	var errs FieldErrors
	size = 0
	for _, k := range sortedStringKeys(ann) {
		for _, msg := range IsQualifiedName(strings.ToLower(k)) {
			errs = append(errs, Invalid(fp, k, msg))
		}
		size += len(k) + len(ann[k])
	}
	if size > totalAnnotationSizeLimit {
		errs = append(errs, TooLong(fp, totalAnnotationSizeLimit))
	}
	return errs
}

func validateOwnerReferences(refs []OwnerReference, fp string) FieldErrors {
	var errs FieldErrors
	firstController := ""
	for _, r := range refs {
		_, version := SplitAPIVersion(r.APIVersion)
		if version == "" {
			errs = append(errs, Invalid(child(fp, "apiVersion"), r.APIVersion, "version must not be empty"))
		}
		if r.Kind == "" {
			errs = append(errs, Invalid(child(fp, "kind"), r.Kind, "must not be empty"))
		}
		if r.Name == "" {
			errs = append(errs, Invalid(child(fp, "name"), r.Name, "must not be empty"))
		}
		if r.UID == "" {
			errs = append(errs, Invalid(child(fp, "uid"), r.UID, "must not be empty"))
		}
		if r.APIVersion == "v1" && r.Kind == "Event" {
			errs = append(errs, Invalid(fp, r.toMap(), "/v1, Kind=Event is disallowed from being an owner"))
		}
		if r.IsController() {
			cur := r.Kind + "/" + r.Name
			if firstController != "" {
				all := make([]any, len(refs))
				for i, x := range refs {
					all[i] = x.toMap()
				}
				errs = append(errs, Invalid(fp, all, fmt.Sprintf("Only one reference can have Controller set to true. Found \"true\" in references for %s and %s", firstController, cur)))
			} else {
				firstController = cur
			}
		}
	}
	return errs
}

func validateFinalizers(finalizers []string, fp string) FieldErrors {
	var errs FieldErrors
	orphan, foreground := false, false
	for _, f := range finalizers {
		for _, msg := range IsQualifiedName(f) {
			errs = append(errs, Invalid(fp, f, msg))
		}
		orphan = orphan || f == "orphan"
		foreground = foreground || f == "foregroundDeletion"
	}
	if orphan && foreground {
		l := make([]any, len(finalizers))
		for i, f := range finalizers {
			l[i] = f
		}
		errs = append(errs, Invalid(fp, l, "finalizer orphan and foregroundDeletion cannot be both set"))
	}
	return errs
}

// standardFinalizers are helper.IsStandardFinalizerName's names
// (pkg/apis/core/helper/helpers.go).
var standardFinalizers = map[string]bool{"kubernetes": true, "orphan": true, "foregroundDeletion": true}

func validateKubeFinalizerName(f, fp string) FieldErrors {
	var errs FieldErrors
	for _, msg := range IsQualifiedName(f) {
		errs = append(errs, Invalid(fp, f, msg))
	}
	if len(errs) == 0 && !strings.Contains(f, "/") && !standardFinalizers[f] {
		errs = append(errs, Invalid(fp, f, "name is neither a standard finalizer name nor is it fully qualified"))
	}
	return errs
}

func sortedStringKeys(m map[string]string) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
