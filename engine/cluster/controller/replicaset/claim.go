package replicaset

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
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
	fresh, err := client.Shared(rsc.Client.Do(client.GetRequest(rsc.rsKind, rs.obj.Meta.Namespace, rs.obj.Meta.Name), nil))
	if err != nil {
		return fmt.Errorf("can't recheck DeletionTimestamp: %v", err)
	}
	if fresh.Meta.UID != rs.obj.Meta.UID {
		return fmt.Errorf("can't recheck DeletionTimestamp: original ReplicaSet %v/%v is gone: got uid %v, wanted %v",
			rs.obj.Meta.Namespace, rs.obj.Meta.Name, fresh.Meta.UID, rs.obj.Meta.UID)
	}
	if fresh.Meta.DeletionTimestamp != nil {
		return fmt.Errorf("%v/%v has just been deleted at %v", fresh.Meta.Namespace, fresh.Meta.Name, fresh.Meta.DeletionTimestamp.String())
	}
	return nil
}

// adoptPod patches the Pod's ownerReferences with the controller
// reference, and its uid as a precondition (ownerRefControllerPatch).
func (rsc *Controller) adoptPod(rs *replicaSet, pod *object.Object) error {
	ref := object.NewControllerRef(rs.obj, rs.obj.APIVersion, rs.obj.Kind)
	return rsc.patchPod(pod.Meta.Namespace, pod.Meta.Name, map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"apiVersion": ref.APIVersion, "kind": ref.Kind, "name": ref.Name,
			"uid": ref.UID, "controller": true, "blockOwnerDeletion": true}},
		"uid": pod.Meta.UID,
	}})
}

// releasePod removes the ReplicaSet's reference with a strategic merge
// patch "$patch: delete" (GenerateDeleteOwnerRefStrategicMergeBytes);
// NotFound and Invalid answers mean there is nothing to release.
func (rsc *Controller) releasePod(rs *replicaSet, pod *object.Object) error {
	err := rsc.patchPod(pod.Meta.Namespace, pod.Meta.Name, map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"$patch": "delete", "uid": rs.obj.Meta.UID}},
		"uid":             pod.Meta.UID,
	}})
	if api.IsReason(err, api.ReasonNotFound) || api.IsReason(err, api.ReasonInvalid) {
		return nil
	}
	return err
}
