package replicaset

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// claimPods is PodControllerRefManager.ClaimPods
// (pkg/controller/controller_ref_manager.go): of the ReplicaSet's Pods and
// the orphans of its namespace, keep those it controls that still match,
// release those that no longer match, and adopt matching orphans. The
// returned Pods are the claimed ones, appended to claimed.
func (rsc *Controller) claimPods(rs *replicaSet, rows, claimed []*podRow) ([]*podRow, error) {
	var errs []error
	adoptChecked := false
	var adoptErr error
	deleting := rs.obj.Meta.DeletionTimestamp != nil
	for _, row := range rows {
		pod := row.obj
		match, _ := row.labels(rs)
		if row.controller != "" {
			if row.controller != rs.obj.Meta.UID {
				continue // owned by someone else
			}
			if match {
				claimed = append(claimed, row)
				continue
			}
			if deleting {
				continue // "Ignore if we're being deleted"
			}
			if err := rsc.releasePod(rs, pod); err != nil && !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		if deleting || !match || row.deleting || pod.Meta.Namespace != rs.obj.Meta.Namespace {
			continue
		}
		// CanAdopt: one uncached read per sync that adopts, to see that the
		// ReplicaSet is not being deleted (RecheckDeletionTimestamp).
		if !adoptChecked {
			adoptChecked, adoptErr = true, rsc.canAdopt(rs)
		}
		if adoptErr != nil {
			errs = append(errs, fmt.Errorf("can't adopt Pod %v/%v (%v): %v", pod.Meta.Namespace, pod.Meta.Name, pod.Meta.UID, adoptErr))
			continue
		}
		if err := rsc.adoptPod(rs, pod); err != nil {
			if !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		claimed = append(claimed, row)
	}
	return claimed, api.NewAggregate(errs)
}

// canAdopt is the ReplicaSet controller's canAdoptFunc.
func (rsc *Controller) canAdopt(rs *replicaSet) error {
	return controller.RecheckDeletion(rsc.Client, rsc.rsKind, rs.obj)
}

// adoptPod makes the ReplicaSet the Pod's controller
// (controller.AdoptPatch).
func (rsc *Controller) adoptPod(rs *replicaSet, pod *object.Object) error {
	return rsc.patchPod(pod.Meta.Namespace, pod.Meta.Name, controller.AdoptPatch(rs.obj, pod))
}

// releasePod removes the ReplicaSet's reference from the Pod
// (controller.ReleasePatch).
func (rsc *Controller) releasePod(rs *replicaSet, pod *object.Object) error {
	return controller.ReleaseResult(rsc.patchPod(pod.Meta.Namespace, pod.Meta.Name, controller.ReleasePatch(rs.obj, pod)))
}
