package object

// Validation of core and other kinds after pkg/apis/*/validation, for the
// fields the course uses.

func validateLease(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if v, ok := intAt(spec, "leaseDurationSeconds"); ok && v <= 0 {
		errs = append(errs, Invalid("spec.leaseDurationSeconds", v, "must be greater than 0"))
	}
	errs = append(errs, nonNegative(spec, "spec", "leaseTransitions")...)
	return errs
}

// validateHPA follows validateHorizontalPodAutoscalerSpec (minReplicas
// lower bound 1 without HPAScaleToZero).
func validateHPA(o, _ *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	var errs FieldErrors
	min, hasMin := intAt(spec, "minReplicas")
	if hasMin && min < 1 {
		errs = append(errs, Invalid(child(fp, "minReplicas"), min, "must be greater than or equal to 1"))
	}
	max, _ := intAt(spec, "maxReplicas")
	if max < 1 {
		errs = append(errs, Invalid(child(fp, "maxReplicas"), max, "must be greater than 0"))
	}
	if hasMin && max < min {
		errs = append(errs, Invalid(child(fp, "maxReplicas"), max, "must be greater than or equal to `minReplicas`"))
	}
	ref := mapAt(spec, "scaleTargetRef")
	rp := child(fp, "scaleTargetRef")
	if k := stringAt(ref, "kind"); k == "" {
		errs = append(errs, Required(child(rp, "kind"), ""))
	} else {
		for _, msg := range IsValidPathSegmentName(k) {
			errs = append(errs, Invalid(child(rp, "kind"), k, msg))
		}
	}
	if n := stringAt(ref, "name"); n == "" {
		errs = append(errs, Required(child(rp, "name"), ""))
	} else {
		for _, msg := range IsValidPathSegmentName(n) {
			errs = append(errs, Invalid(child(rp, "name"), n, msg))
		}
	}
	return errs
}

// validatePVC follows ValidatePersistentVolumeClaimSpec.
func validatePVC(o, old *Object) FieldErrors {
	spec := o.Spec()
	errs := validateAccessModes(listAt(spec, "accessModes"), "spec.accessModes", "at least 1 access mode is required")
	storage, ok := mapAt(spec, "resources", "requests")["storage"]
	if !ok {
		errs = append(errs, Required("spec.resources[storage]", ""))
	} else if q, err := QuantityOf(storage); err == nil && q.Sign() <= 0 {
		errs = append(errs, Invalid("spec.resources[storage]", q.String(), "must be greater than zero"))
	}
	if old != nil {
		errs = append(errs, validatePVCUpdate(o, old)...)
	}
	return errs
}

// validateBinding is ValidatePodBinding.
func validateBinding(o, _ *Object) FieldErrors {
	var errs FieldErrors
	target := mapAt(o.Content, "target")
	if k := stringAt(target, "kind"); k != "" && k != "Node" {
		errs = append(errs, NotSupported("target.kind", k, []string{"Node", "<empty>"}))
	}
	if stringAt(target, "name") == "" {
		errs = append(errs, Required("target.name", ""))
	}
	return errs
}

// validateScale is ValidateScale.
func validateScale(o, _ *Object) FieldErrors { return nonNegative(o.Spec(), "spec", "replicas") }
