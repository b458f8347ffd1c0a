package object

import "fmt"

// validateJob is ValidateJob and ValidateJobUpdate
// (pkg/apis/batch/validation/validation.go) for a NonIndexed or Indexed
// Job: the generated selector (unless manualSelector), the counts, the
// enumerations, the template (restartPolicy OnFailure or Never) and, on
// update, the immutable fields.
func validateJob(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	errs := validateGeneratedSelector(o)
	for _, f := range []string{"parallelism", "completions", "activeDeadlineSeconds", "backoffLimit", "ttlSecondsAfterFinished"} {
		errs = append(errs, nonNegative(spec, fp, f)...)
	}
	if m, ok := spec["completionMode"].(string); ok && m != "NonIndexed" && m != "Indexed" {
		errs = append(errs, NotSupported(child(fp, "completionMode"), m, []string{"NonIndexed", "Indexed"}))
	}
	if _, ok := spec["completions"]; !ok && spec["completionMode"] == "Indexed" {
		errs = append(errs, Required(child(fp, "completions"), "when completion mode is Indexed"))
	}
	if p, ok := spec["podReplacementPolicy"].(string); ok && p != "Failed" && p != "TerminatingOrFailed" {
		errs = append(errs, NotSupported(child(fp, "podReplacementPolicy"), p, []string{"Failed", "TerminatingOrFailed"}))
	}
	tpl := mapAt(spec, "template")
	tfp := child(fp, "template")
	errs = append(errs, validatePodTemplate(tpl, tfp)...)
	if rp := stringAt(tpl, "spec", "restartPolicy"); rp != "OnFailure" && rp != "Never" {
		errs = append(errs, Required(child(child(tfp, "spec"), "restartPolicy"), fmt.Sprintf("valid values: %q, %q", "OnFailure", "Never")))
	}
	// ValidateJobSpec: a selector, valid, that selects the template's
	// labels, whether generated or not; no selector selects nothing.
	sel, hasSel := spec["selector"].(map[string]any)
	s, _ := LabelSelectorFrom(sel)
	if !hasSel {
		errs = append(errs, Required(child(fp, "selector"), ""))
	} else {
		errs = append(errs, validateLabelSelector(s, child(fp, "selector"))...)
	}
	if labels := mapAt(tpl, "metadata")["labels"]; !hasSel || !s.Matches(stringMap(labels)) {
		errs = append(errs, Invalid(child(child(tfp, "metadata"), "labels"), labelsValue(labels), "`selector` does not match template `labels`"))
	}
	if old != nil {
		errs = append(errs, validateJobUpdate(spec, old.Spec())...)
	}
	return errs
}

// validateGeneratedSelector is ValidateGeneratedSelector: unless
// spec.manualSelector is true, the template carries the job-name and
// controller-uid labels of this Job, and the selector is the generated
// one, matchLabels controller-uid alone.
func validateGeneratedSelector(o *Object) FieldErrors {
	spec := o.Spec()
	if manual, _ := spec["manualSelector"].(bool); manual {
		return nil
	}
	sel, ok := spec["selector"].(map[string]any)
	if !ok {
		return nil // the caller reports it missing
	}
	var errs FieldErrors
	if o.Meta.UID == "" {
		errs = append(errs, Required("metadata.uid", ""))
	}
	labels := stringMap(mapAt(spec, "template", "metadata")["labels"])
	for _, l := range [][2]string{{LegacyControllerUIDLabel, o.Meta.UID}, {LegacyJobNameLabel, o.Meta.Name}, {ControllerUIDLabel, o.Meta.UID}, {JobNameLabel, o.Meta.Name}} {
		errs = append(errs, validateHasLabel(labels, "spec.template.metadata", l[0], l[1])...)
	}
	s, _ := LabelSelectorFrom(sel)
	if len(s.MatchExpressions) > 0 || len(s.MatchLabels) != 1 || s.MatchLabels[ControllerUIDLabel] != o.Meta.UID {
		errs = append(errs, Invalid("spec.selector", selectorValue(sel), "`selector` not auto-generated"))
	}
	return errs
}

// validateHasLabel is ValidateHasLabel: labels hold key with value; the
// error is at labels[key], with all the labels as its value.
func validateHasLabel(labels map[string]string, fp, key, value string) FieldErrors {
	path := child(fp, "labels") + "[" + key + "]"
	got, ok := labels[key]
	switch {
	case !ok:
		return FieldErrors{Required(path, "must be '"+value+"'")}
	case got != value:
		return FieldErrors{Invalid(path, labels, "must be '"+value+"'")}
	}
	return nil
}

// validateJobUpdate is ValidateJobSpecUpdate's immutable fields: the
// selector, the template, completions (of a NonIndexed Job) and
// completionMode.
func validateJobUpdate(spec, old map[string]any) FieldErrors {
	var errs FieldErrors
	if !EqualValues(spec["selector"], old["selector"]) {
		errs = append(errs, Invalid("spec.selector", selectorValue(spec["selector"]), FieldImmutableErrorMsg))
	}
	for _, f := range []string{"completions", "completionMode"} {
		if !EqualValues(spec[f], old[f]) {
			errs = append(errs, Invalid(child("spec", f), spec[f], FieldImmutableErrorMsg))
		}
	}
	if !EqualValues(spec["template"], old["template"]) {
		errs = append(errs, Invalid("spec.template", spec["template"], FieldImmutableErrorMsg))
	}
	return errs
}
