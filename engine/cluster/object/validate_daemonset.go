package object

// validateDaemonSet is ValidateDaemonSet and ValidateDaemonSetUpdate
// (pkg/apis/apps/validation/validation.go), in their order: the selector
// and that it selects the template (no selector selects nothing), the
// template (restartPolicy Always, no activeDeadlineSeconds),
// minReadySeconds, the update strategy, revisionHistoryLimit; on update,
// an immutable selector.
func validateDaemonSet(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	tfp := child(fp, "template")
	tpl := mapAt(spec, "template")
	sel, hasSel := spec["selector"].(map[string]any)
	s, _ := LabelSelectorFrom(sel)
	var errs FieldErrors
	if hasSel {
		errs = append(errs, validateLabelSelector(s, child(fp, "selector"))...)
	}
	if labels := mapAt(tpl, "metadata")["labels"]; !hasSel || !s.Matches(stringMap(labels)) {
		errs = append(errs, Invalid(child(child(tfp, "metadata"), "labels"), labelsValue(labels), "`selector` does not match template `labels`"))
	}
	if hasSel && s.Empty() {
		errs = append(errs, Invalid(child(fp, "selector"), selectorValue(sel), "empty selector is invalid for daemonset"))
	}
	errs = append(errs, validatePodTemplate(tpl, tfp)...)
	if rp := stringAt(tpl, "spec", "restartPolicy"); rp != "Always" {
		errs = append(errs, NotSupported(child(child(tfp, "spec"), "restartPolicy"), rp, []string{"Always"}))
	}
	if v, ok := mapAt(tpl, "spec")["activeDeadlineSeconds"]; ok && v != nil {
		errs = append(errs, Invalid(child(child(tfp, "spec"), "activeDeadlineSeconds"), v, "activeDeadlineSeconds must be nil for daemonset"))
	}
	errs = append(errs, nonNegative(spec, fp, "minReadySeconds")...)
	errs = append(errs, validateDaemonSetStrategy(mapAt(spec, "updateStrategy"), child(fp, "updateStrategy"))...)
	errs = append(errs, nonNegative(spec, fp, "revisionHistoryLimit")...)
	if old != nil {
		errs = append(errs, immutableSelector(spec, old.Spec())...)
	}
	return errs
}

// daemonSetStrategyValue is the bad value of an unsupported strategy as
// kube-apiserver prints it: the internal Go struct, fields unrenamed.
type daemonSetStrategyValue struct {
	Type          string
	RollingUpdate *rollingUpdateDaemonSetValue
}

type rollingUpdateDaemonSetValue struct {
	MaxUnavailable, MaxSurge any
}

// validateDaemonSetStrategy is ValidateDaemonSetUpdateStrategy and
// ValidateRollingUpdateDaemonSet.
func validateDaemonSetStrategy(us map[string]any, fp string) FieldErrors {
	switch t := stringAt(us, "type"); t {
	case "OnDelete":
		return nil
	case "RollingUpdate":
		ru, ok := us["rollingUpdate"].(map[string]any)
		if !ok {
			return FieldErrors{Required(child(fp, "rollingUpdate"), "")}
		}
		rp := child(fp, "rollingUpdate")
		var errs FieldErrors
		for _, f := range []string{"maxUnavailable", "maxSurge"} {
			errs = append(errs, validateIntOrPercent(ru[f], child(rp, f))...)
			if v, isPct := percentValue(ru[f]); isPct && v > 100 {
				errs = append(errs, Invalid(child(rp, f), ru[f], "must not be greater than 100%"))
			}
		}
		if intOrPercentValue(ru["maxUnavailable"]) == 0 && intOrPercentValue(ru["maxSurge"]) == 0 {
			errs = append(errs, Required(child(rp, "maxUnavailable"), "cannot be 0 when maxSurge is 0"))
		}
		return errs
	default:
		bad := daemonSetStrategyValue{Type: t}
		if ru, ok := us["rollingUpdate"].(map[string]any); ok {
			bad.RollingUpdate = &rollingUpdateDaemonSetValue{MaxUnavailable: ru["maxUnavailable"], MaxSurge: ru["maxSurge"]}
		}
		return FieldErrors{NotSupported(fp, bad, []string{"RollingUpdate", "OnDelete"})}
	}
}
