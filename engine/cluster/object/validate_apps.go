package object

import (
	"strconv"
)

// Workload validation after pkg/apis/apps/validation/validation.go
// (ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec)
// and the apps/v1 selector immutability of the registry strategies.

func validateDeployment(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	errs := nonNegative(spec, fp, "replicas")
	errs = append(errs, validateWorkloadSelector(spec, fp, "empty selector is invalid for deployment")...)
	errs = append(errs, validateStrategy(mapAt(spec, "strategy"), child(fp, "strategy"))...)
	errs = append(errs, nonNegative(spec, fp, "minReadySeconds")...)
	errs = append(errs, nonNegative(spec, fp, "revisionHistoryLimit")...)
	if pd, ok := intAt(spec, "progressDeadlineSeconds"); ok {
		errs = append(errs, nonNegative(spec, fp, "progressDeadlineSeconds")...)
		if mrs, _ := intAt(spec, "minReadySeconds"); pd <= mrs {
			errs = append(errs, Invalid(child(fp, "progressDeadlineSeconds"), pd, "must be greater than minReadySeconds"))
		}
	}
	if old != nil {
		errs = append(errs, immutableSelector(spec, old.Spec())...)
	}
	return errs
}

func validateReplicaSet(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	errs := nonNegative(spec, fp, "replicas")
	errs = append(errs, nonNegative(spec, fp, "minReadySeconds")...)
	// pkg/apis/apps/validation ValidateReplicaSetSpec reuses the
	// Deployment's wording for an empty selector.
	errs = append(errs, validateWorkloadSelector(spec, fp, "empty selector is invalid for deployment")...)
	if old != nil {
		errs = append(errs, immutableSelector(spec, old.Spec())...)
	}
	return errs
}

func validateStatefulSet(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	var errs FieldErrors
	switch p := stringAt(spec, "podManagementPolicy"); p {
	case "OrderedReady", "Parallel":
	case "":
		errs = append(errs, Required(child(fp, "podManagementPolicy"), ""))
	default:
		errs = append(errs, Invalid(child(fp, "podManagementPolicy"), p, "must be 'OrderedReady' or 'Parallel'"))
	}
	us := mapAt(spec, "updateStrategy")
	switch t := stringAt(us, "type"); t {
	case "":
		errs = append(errs, Required(child(fp, "updateStrategy"), ""))
	case "OnDelete":
		if ru, ok := us["rollingUpdate"]; ok && ru != nil {
			errs = append(errs, Invalid(child(child(fp, "updateStrategy"), "rollingUpdate"), ru, "only allowed for updateStrategy 'RollingUpdate'"))
		}
	case "RollingUpdate":
		if ru := mapAt(us, "rollingUpdate"); ru != nil {
			rp := child(child(fp, "updateStrategy"), "rollingUpdate")
			errs = append(errs, nonNegative(ru, rp, "partition")...)
			errs = append(errs, validateStatefulSetMaxUnavailable(ru, rp)...)
		}
	default:
		errs = append(errs, Invalid(child(fp, "updateStrategy"), us, "must be 'RollingUpdate' or 'OnDelete'"))
	}
	errs = append(errs, nonNegative(spec, fp, "replicas")...)
	errs = append(errs, nonNegative(spec, fp, "minReadySeconds")...)
	tpl := mapAt(spec, "template")
	tfp := child(fp, "template")
	errs = append(errs, validateSelectorOfTemplate(spec, tpl, fp, tfp, "empty selector is invalid for statefulset")...)
	errs = append(errs, validatePodTemplate(withClaimVolumes(tpl, spec), tfp)...)
	if rp := stringAt(tpl, "spec", "restartPolicy"); rp != "Always" {
		errs = append(errs, NotSupported(child(child(tfp, "spec"), "restartPolicy"), rp, []string{"Always"}))
	}
	if v, ok := mapAt(tpl, "spec")["activeDeadlineSeconds"]; ok && v != nil {
		errs = append(errs, Forbidden(child(child(tfp, "spec"), "activeDeadlineSeconds"), "activeDeadlineSeconds in StatefulSet is not Supported"))
	}
	if old != nil {
		errs = append(errs, validateStatefulSetUpdate(spec, old.Spec())...)
	}
	return errs
}

// statefulSetUpdateForbidden is ValidateStatefulSetUpdate's message.
const statefulSetUpdateForbidden = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"

func validateStatefulSetUpdate(spec, old map[string]any) FieldErrors {
	strip := func(m map[string]any) map[string]any {
		c := make(map[string]any, len(m))
		for k, v := range m {
			switch k {
			case "replicas", "ordinals", "template", "updateStrategy", "revisionHistoryLimit", "persistentVolumeClaimRetentionPolicy", "minReadySeconds":
			default:
				c[k] = v
			}
		}
		return c
	}
	if !EqualValues(strip(spec), strip(old)) {
		return FieldErrors{Forbidden("spec", statefulSetUpdateForbidden)}
	}
	return nil
}

// validateWorkloadSelector checks spec.selector and that it matches
// spec.template's labels, then the template (ValidatePodTemplateSpecForReplicaSet).
func validateWorkloadSelector(spec map[string]any, fp, emptyMsg string) FieldErrors {
	tfp := child(fp, "template")
	tpl, ok := spec["template"].(map[string]any)
	if !ok {
		tpl = map[string]any{}
	}
	errs := validateSelectorOfTemplate(spec, tpl, fp, tfp, emptyMsg)
	errs = append(errs, validatePodTemplate(tpl, tfp)...)
	if rp := stringAt(tpl, "spec", "restartPolicy"); rp != "Always" {
		errs = append(errs, NotSupported(child(child(tfp, "spec"), "restartPolicy"), rp, []string{"Always"}))
	}
	if v, ok := mapAt(tpl, "spec")["activeDeadlineSeconds"]; ok && v != nil {
		errs = append(errs, Forbidden(child(child(tfp, "spec"), "activeDeadlineSeconds"), "activeDeadlineSeconds in ReplicaSet is not Supported"))
	}
	return errs
}

// validateSelectorOfTemplate checks a workload's spec.selector (present,
// valid, not empty, emptyMsg saying so for the kind) and that it selects
// its template's labels, reading the selector tree once.
func validateSelectorOfTemplate(spec, tpl map[string]any, fp, tfp, emptyMsg string) FieldErrors {
	var errs FieldErrors
	sel, hasSel := spec["selector"].(map[string]any)
	s, _ := LabelSelectorFrom(sel)
	if !hasSel {
		errs = append(errs, Required(child(fp, "selector"), ""))
	} else {
		errs = append(errs, validateLabelSelector(s, child(fp, "selector"))...)
		if s.Empty() {
			errs = append(errs, Invalid(child(fp, "selector"), selectorValue(sel), emptyMsg))
		}
	}
	if !s.Empty() {
		md := mapAt(tpl, "metadata")
		if !s.Matches(stringMap(md["labels"])) {
			errs = append(errs, Invalid(child(child(tfp, "metadata"), "labels"), labelsValue(md["labels"]), "`selector` does not match template `labels`"))
		}
	}
	return errs
}

func immutableSelector(spec, old map[string]any) FieldErrors {
	if !EqualValues(spec["selector"], old["selector"]) {
		return FieldErrors{Invalid("spec.selector", selectorValue(spec["selector"]), FieldImmutableErrorMsg)}
	}
	return nil
}

// validateStrategy is ValidateDeploymentStrategy and
// ValidateRollingUpdateDeployment.
func validateStrategy(s map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	switch t := stringAt(s, "type"); t {
	case "Recreate":
		if ru, ok := s["rollingUpdate"]; ok && ru != nil {
			errs = append(errs, Forbidden(child(fp, "rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"))
		}
	case "RollingUpdate":
		ru, ok := s["rollingUpdate"].(map[string]any)
		if !ok {
			errs = append(errs, Required(child(fp, "rollingUpdate"), "this should be defaulted and never be nil"))
			break
		}
		rp := child(fp, "rollingUpdate")
		errs = append(errs, validateIntOrPercent(ru["maxUnavailable"], child(rp, "maxUnavailable"))...)
		errs = append(errs, validateIntOrPercent(ru["maxSurge"], child(rp, "maxSurge"))...)
		if intOrPercentValue(ru["maxUnavailable"]) == 0 && intOrPercentValue(ru["maxSurge"]) == 0 {
			errs = append(errs, Invalid(child(rp, "maxUnavailable"), ru["maxUnavailable"], "may not be 0 when `maxSurge` is 0"))
		}
		if v, isPct := percentValue(ru["maxUnavailable"]); isPct && v > 100 {
			errs = append(errs, Invalid(child(rp, "maxUnavailable"), ru["maxUnavailable"], "must not be greater than 100%"))
		}
	default:
		errs = append(errs, NotSupported(fp, s, []string{"Recreate", "RollingUpdate"}))
	}
	return errs
}

func validateIntOrPercent(v any, fp string) FieldErrors {
	switch t := v.(type) {
	case string:
		var errs FieldErrors
		for _, msg := range IsValidPercent(t) {
			errs = append(errs, Invalid(fp, t, msg))
		}
		return errs
	case int64:
		if t < 0 {
			return FieldErrors{Invalid(fp, t, IsNegativeErrorMsg)}
		}
	}
	return nil
}

func percentValue(v any) (int, bool) {
	s, ok := v.(string)
	if !ok || len(IsValidPercent(s)) > 0 {
		return 0, false
	}
	n, _ := strconv.Atoi(s[:len(s)-1])
	return n, true
}

func intOrPercentValue(v any) int {
	if n, ok := percentValue(v); ok {
		return n
	}
	n, _ := asInt(v)
	return int(n)
}

// validateStatefulSetMaxUnavailable is ValidateStatefulSetUpdateStrategy's
// maxUnavailable: a non-negative int or a valid percentage, not 0, at
// most 100%.
func validateStatefulSetMaxUnavailable(ru map[string]any, rp string) FieldErrors {
	v, ok := ru["maxUnavailable"]
	if !ok || v == nil {
		return nil
	}
	fp := child(rp, "maxUnavailable")
	errs := validateIntOrPercent(v, fp)
	if intOrPercentValue(v) == 0 {
		errs = append(errs, Invalid(fp, v, "cannot be 0"))
	}
	if n, isPct := percentValue(v); isPct && n > 100 {
		errs = append(errs, Invalid(fp, v, "must not be greater than 100%"))
	}
	return errs
}

// nonNegative is ValidateNonnegativeField for an optional integer field.
func nonNegative(m map[string]any, fp, f string) FieldErrors {
	if v, ok := intAt(m, f); ok && v < 0 {
		return FieldErrors{Invalid(child(fp, f), v, IsNegativeErrorMsg)}
	}
	return nil
}
