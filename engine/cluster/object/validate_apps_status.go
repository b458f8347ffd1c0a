package object

// Status validation of the apps workloads that the course's controllers
// write most, after pkg/apis/apps/validation/validation.go: a write to
// the status subresource is checked by the status strategy's
// ValidateUpdate (pkg/registry/apps/deployment/strategy.go and
// pkg/registry/apps/replicaset/strategy.go), which checks the metadata
// and the status and leaves the spec, which the write keeps as stored,
// alone.

// greaterThanReplicas is the message of a count above status.replicas.
const greaterThanReplicas = "cannot be greater than status.replicas"

// validateDeploymentStatus is ValidateDeploymentStatusUpdate beyond the
// metadata: ValidateDeploymentStatus, and a collisionCount that must not
// go down.
func validateDeploymentStatus(o, old *Object) FieldErrors {
	st := o.Status()
	const fp = "status"
	var errs FieldErrors
	for _, f := range [...]string{"observedGeneration", "replicas", "updatedReplicas", "readyReplicas", "availableReplicas", "unavailableReplicas", "collisionCount"} {
		errs = append(errs, nonNegative(st, fp, f)...)
	}
	replicas, _ := intAt(st, "replicas")
	ready, _ := intAt(st, "readyReplicas")
	available, _ := intAt(st, "availableReplicas")
	for _, f := range [...]string{"updatedReplicas", "readyReplicas", "availableReplicas"} {
		if v, _ := intAt(st, f); v > replicas {
			errs = append(errs, Invalid(child(fp, f), v, greaterThanReplicas))
		}
	}
	if available > ready {
		errs = append(errs, Invalid(child(fp, "availableReplicas"), available, "cannot be greater than readyReplicas"))
	}
	// apivalidation.IsDecremented: a count removed or lowered.
	if was, had := intAt(old.Status(), "collisionCount"); had {
		if now, has := intAt(st, "collisionCount"); !has || now < was {
			errs = append(errs, Invalid(child(fp, "collisionCount"), now, "cannot be decremented"))
		}
	}
	return errs
}

// validateReplicaSetStatus is ValidateReplicaSetStatusUpdate beyond the
// metadata: ValidateReplicaSetStatus.
func validateReplicaSetStatus(o, _ *Object) FieldErrors {
	st := o.Status()
	const fp = "status"
	var errs FieldErrors
	for _, f := range [...]string{"replicas", "fullyLabeledReplicas", "readyReplicas", "availableReplicas", "observedGeneration"} {
		errs = append(errs, nonNegative(st, fp, f)...)
	}
	replicas, _ := intAt(st, "replicas")
	ready, _ := intAt(st, "readyReplicas")
	available, _ := intAt(st, "availableReplicas")
	for _, f := range [...]string{"fullyLabeledReplicas", "readyReplicas", "availableReplicas"} {
		if v, _ := intAt(st, f); v > replicas {
			errs = append(errs, Invalid(child(fp, f), v, greaterThanReplicas))
		}
	}
	if available > ready {
		errs = append(errs, Invalid(child(fp, "availableReplicas"), available, "cannot be greater than readyReplicas"))
	}
	return errs
}
