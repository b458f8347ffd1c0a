package object

// podDisruptionBudgetKind is policy/v1 PodDisruptionBudget as
// kube-apiserver v1.37 serves it (pkg/registry/policy/poddisruptionbudget:
// short name pdb, a status subresource; printer columns NAME, MIN
// AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS, AGE).
func podDisruptionBudgetKind() *KindInfo {
	return &KindInfo{Group: "policy", Version: "v1", Kind: "PodDisruptionBudget", Resource: "poddisruptionbudgets", ShortNames: []string{"pdb"},
		Namespaced: true, Verbs: verbsAll, Subresources: []string{"status"},
		Columns:    cols("Name", "Min Available", "Max Unavailable", "Allowed Disruptions", "Age"),
		Generation: GenerationSpec, Validate: validatePodDisruptionBudget, Schema: podDisruptionBudgetSchema}
}

var podDisruptionBudgetSchema = topLevel("PodDisruptionBudget", fields{
	"spec": structOf("PodDisruptionBudgetSpec", fields{
		"minAvailable": sIntOrString, "maxUnavailable": sIntOrString, "selector": labelSelectorSchema,
		"unhealthyPodEvictionPolicy": sString,
	}),
	"status": sAny,
})

// pdbSpecValue is a PodDisruptionBudget's spec as kube-apiserver prints
// it in an error: the internal Go struct, fields unrenamed.
type pdbSpecValue struct {
	MinAvailable               any
	Selector                   any
	MaxUnavailable             any
	UnhealthyPodEvictionPolicy any
}

// validatePodDisruptionBudget is ValidatePodDisruptionBudget
// (pkg/apis/policy/validation): not both minAvailable and
// maxUnavailable; each a count or a percentage, not negative, not above
// 100%; a valid selector; a known unhealthyPodEvictionPolicy.
func validatePodDisruptionBudget(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if spec["minAvailable"] != nil && spec["maxUnavailable"] != nil {
		errs = append(errs, Invalid("spec", pdbSpecValue{spec["minAvailable"], spec["selector"], spec["maxUnavailable"], spec["unhealthyPodEvictionPolicy"]},
			"minAvailable and maxUnavailable cannot be both set"))
	}
	for _, f := range []string{"minAvailable", "maxUnavailable"} {
		v, ok := spec[f]
		if !ok || v == nil {
			continue
		}
		fp := child("spec", f)
		errs = append(errs, validateIntOrPercent(v, fp)...)
		if p, isPct := percentValue(v); isPct && p > 100 {
			errs = append(errs, Invalid(fp, v, "must not be greater than 100%"))
		}
	}
	if sel, ok := spec["selector"].(map[string]any); ok {
		s, _ := LabelSelectorFrom(sel)
		errs = append(errs, validateLabelSelector(s, child("spec", "selector"))...)
	}
	if p := stringAt(spec, "unhealthyPodEvictionPolicy"); p != "" && p != "IfHealthyBudget" && p != "AlwaysAllow" {
		errs = append(errs, NotSupported(child("spec", "unhealthyPodEvictionPolicy"), p, []string{"IfHealthyBudget", "AlwaysAllow"}))
	}
	return errs
}

// PDBSelects reports whether a PodDisruptionBudget's selector picks pod,
// as the policy/v1 lister's GetPodPodDisruptionBudgets and the eviction
// subresource judge it: an empty selector picks every Pod, a missing one
// none. The namespace is the caller's to check.
func PDBSelects(pdb, pod *Object) bool {
	sel, ok := pdb.Spec()["selector"].(map[string]any)
	if !ok {
		return false
	}
	s, _ := LabelSelectorFrom(sel)
	return s.Matches(pod.Meta.Labels)
}
