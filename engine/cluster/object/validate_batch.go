package object

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cron"
)

// validateJob is ValidateJob and ValidateJobUpdate
// (pkg/apis/batch/validation/validation.go) for a NonIndexed or Indexed
// Job: the generated selector (unless manualSelector), the counts, the
// enumerations, the template (restartPolicy OnFailure or Never) and, on
// update, the immutable fields.
func validateJob(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	errs := validateGeneratedSelector(o)
	errs = append(errs, validateJobSpec(spec, fp)...)
	tfp := child(fp, "template")
	tpl := mapAt(spec, "template")
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

// maxManagedByLength bounds a Job's spec.managedBy.
const maxManagedByLength = 63

// validateJobSpec is validateJobSpec, what a Job and a CronJob's job
// template share: managedBy, the counts, the enumerations, the podFailurePolicy,
// the template (restartPolicy OnFailure or Never; Never with a
// podFailurePolicy).
func validateJobSpec(spec map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	for _, f := range []string{"parallelism", "completions", "activeDeadlineSeconds", "backoffLimit", "ttlSecondsAfterFinished"} {
		errs = append(errs, nonNegative(spec, fp, f)...)
	}
	if mb, ok := spec["managedBy"].(string); ok {
		// The name of the controller that syncs the Job.
		errs = append(errs, isDomainPrefixedPath(child(fp, "managedBy"), mb)...)
		if len(mb) > maxManagedByLength {
			errs = append(errs, TooLong(child(fp, "managedBy"), maxManagedByLength))
		}
	}
	if m, ok := spec["completionMode"].(string); ok && m != "NonIndexed" && m != "Indexed" {
		errs = append(errs, NotSupported(child(fp, "completionMode"), m, []string{"NonIndexed", "Indexed"}))
	}
	if _, ok := spec["completions"]; !ok && spec["completionMode"] == "Indexed" {
		errs = append(errs, Required(child(fp, "completions"), "when completion mode is Indexed"))
	}
	_, policy := spec["podFailurePolicy"]
	if policy {
		errs = append(errs, validatePodFailurePolicy(spec, child(fp, "podFailurePolicy"))...)
	}
	if _, ok := spec["successPolicy"]; ok {
		errs = append(errs, validateSuccessPolicy(spec, child(fp, "successPolicy"))...)
	}
	// validatePodReplacementPolicy: only Failed with a podFailurePolicy.
	if p, ok := spec["podReplacementPolicy"].(string); ok {
		switch {
		case policy && p != "Failed":
			errs = append(errs, NotSupported(child(fp, "podReplacementPolicy"), p, []string{"Failed"}))
		case !policy && p != "Failed" && p != "TerminatingOrFailed":
			errs = append(errs, NotSupported(child(fp, "podReplacementPolicy"), p, []string{"Failed", "TerminatingOrFailed"}))
		}
	}
	tpl := mapAt(spec, "template")
	tfp := child(fp, "template")
	errs = append(errs, validatePodTemplate(tpl, tfp)...)
	rpfp := child(child(tfp, "spec"), "restartPolicy")
	switch rp := stringAt(tpl, "spec", "restartPolicy"); {
	case rp == "Always" || rp == "":
		errs = append(errs, Required(rpfp, fmt.Sprintf("valid values: %q, %q", "OnFailure", "Never")))
	case rp != "OnFailure" && rp != "Never":
		errs = append(errs, NotSupported(rpfp, rp, []string{"OnFailure", "Never"}))
	case policy && rp != "Never":
		errs = append(errs, Invalid(rpfp, rp, fmt.Sprintf("only %q is supported when podFailurePolicy is specified", "Never")))
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
// selector, the template, completions (of a NonIndexed Job),
// completionMode and managedBy.
func validateJobUpdate(spec, old map[string]any) FieldErrors {
	var errs FieldErrors
	if !EqualValues(spec["selector"], old["selector"]) {
		errs = append(errs, Invalid("spec.selector", selectorValue(spec["selector"]), FieldImmutableErrorMsg))
	}
	for _, f := range []string{"completions", "completionMode", "managedBy"} {
		if !EqualValues(spec[f], old[f]) {
			errs = append(errs, Invalid(child("spec", f), spec[f], FieldImmutableErrorMsg))
		}
	}
	if !EqualValues(spec["template"], old["template"]) {
		errs = append(errs, Invalid("spec.template", spec["template"], FieldImmutableErrorMsg))
	}
	return errs
}

// validateCronJob is ValidateCronJobCreate and ValidateCronJobUpdate: the
// schedule (as the cron library parses it, without TZ), the deadline,
// the time zone, the concurrency policy, the job template, the history
// limits and, on create, a name short enough for the Jobs' names.
func validateCronJob(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	var oldSpec map[string]any
	if old != nil {
		oldSpec = old.Spec()
	}
	var errs FieldErrors
	schedule := stringAt(spec, "schedule")
	if schedule == "" {
		errs = append(errs, Required(child(fp, "schedule"), ""))
	} else {
		if _, err := cron.ParseStandard(schedule); err != nil {
			errs = append(errs, Invalid(child(fp, "schedule"), schedule, err.Error()))
		}
		_, hasTZ := spec["timeZone"]
		allowTZ := oldSpec != nil && strings.Contains(stringAt(oldSpec, "schedule"), "TZ")
		switch {
		case allowTZ && strings.Contains(schedule, "TZ") && hasTZ:
			errs = append(errs, Invalid(child(fp, "schedule"), schedule, "cannot use both timeZone field and TZ or CRON_TZ in schedule"))
		case !allowTZ && strings.Contains(schedule, "TZ"):
			errs = append(errs, Invalid(child(fp, "schedule"), schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"))
		}
	}
	errs = append(errs, nonNegative(spec, fp, "startingDeadlineSeconds")...)
	if tz, ok := spec["timeZone"].(string); ok && (oldSpec == nil || oldSpec["timeZone"] != tz) {
		switch _, err := time.LoadLocation(tz); {
		case tz == "":
			errs = append(errs, Invalid(child(fp, "timeZone"), tz, "timeZone must be nil or non-empty string"))
		case strings.EqualFold(tz, "Local"):
			errs = append(errs, Invalid(child(fp, "timeZone"), tz, "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"))
		case err != nil:
			errs = append(errs, Invalid(child(fp, "timeZone"), tz, err.Error()))
		}
	}
	switch p := stringAt(spec, "concurrencyPolicy"); p {
	case "Allow", "Forbid", "Replace":
	case "":
		errs = append(errs, Required(child(fp, "concurrencyPolicy"), ""))
	default:
		errs = append(errs, NotSupported(child(fp, "concurrencyPolicy"), p, []string{"Allow", "Forbid", "Replace"}))
	}
	// ValidateJobTemplateSpec: the selector is made for each Job.
	jfp := child(child(fp, "jobTemplate"), "spec")
	jspec := mapAt(spec, "jobTemplate", "spec")
	errs = append(errs, validateJobSpec(jspec, jfp)...)
	if sel, ok := jspec["selector"]; ok {
		errs = append(errs, Invalid(child(jfp, "selector"), selectorValue(sel), "`selector` will be auto-generated"))
	}
	if manual, _ := jspec["manualSelector"].(bool); manual {
		errs = append(errs, NotSupported(child(jfp, "manualSelector"), manual, []string{"nil", "false"}))
	}
	errs = append(errs, nonNegative(spec, fp, "successfulJobsHistoryLimit")...)
	errs = append(errs, nonNegative(spec, fp, "failedJobsHistoryLimit")...)
	// The controller names each Job <name>-<minutes>, 11 characters more,
	// and a Job's name is a DNS label of at most 63.
	if old == nil && len(o.Meta.Name) > 52 {
		errs = append(errs, Invalid("metadata.name", o.Meta.Name, "must be no more than 52 characters"))
	}
	return errs
}
