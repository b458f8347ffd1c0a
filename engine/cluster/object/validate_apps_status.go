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
	errs := statusCounts(st,
		[]string{"observedGeneration", "replicas", "updatedReplicas", "readyReplicas", "availableReplicas", "unavailableReplicas", "collisionCount"},
		[]string{"updatedReplicas", "readyReplicas", "availableReplicas"})
	// apivalidation.IsDecremented: a count removed or lowered.
	if was, had := intAt(old.Status(), "collisionCount"); had {
		if now, has := intAt(st, "collisionCount"); !has || now < was {
			errs = append(errs, Invalid("status.collisionCount", now, "cannot be decremented"))
		}
	}
	return errs
}

// validateReplicaSetStatus is ValidateReplicaSetStatusUpdate beyond the
// metadata: ValidateReplicaSetStatus.
func validateReplicaSetStatus(o, _ *Object) FieldErrors {
	return statusCounts(o.Status(),
		[]string{"replicas", "fullyLabeledReplicas", "readyReplicas", "availableReplicas", "observedGeneration"},
		[]string{"fullyLabeledReplicas", "readyReplicas", "availableReplicas"})
}

// statusCounts checks a workload's status counts as both statuses'
// validations do: each of counts not negative, in order, then each of
// capped not above status.replicas, then availableReplicas not above
// readyReplicas.
func statusCounts(st map[string]any, counts, capped []string) FieldErrors {
	const fp = "status"
	var errs FieldErrors
	for _, f := range counts {
		errs = append(errs, nonNegative(st, fp, f)...)
	}
	replicas, _ := intAt(st, "replicas")
	for _, f := range capped {
		if v, _ := intAt(st, f); v > replicas {
			errs = append(errs, Invalid(child(fp, f), v, greaterThanReplicas))
		}
	}
	ready, _ := intAt(st, "readyReplicas")
	if available, _ := intAt(st, "availableReplicas"); available > ready {
		errs = append(errs, Invalid(child(fp, "availableReplicas"), available, "cannot be greater than readyReplicas"))
	}
	return errs
}
