package deployment

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// getReplicaSetsForDeployment is deployment_controller.go's: of every
// ReplicaSet in the namespace, keep those the Deployment controls that its
// selector still matches, release those it no longer matches, and adopt
// matching orphans (ReplicaSetControllerRefManager.ClaimReplicaSets).
func (dc *Controller) getReplicaSetsForDeployment(d *deployment) ([]*replicaSet, error) {
	var claimed []*replicaSet
	var errs []error
	adoptChecked := false
	var adoptErr error
	deleting := d.obj.Meta.DeletionTimestamp != nil
	for _, o := range dc.rsInf.Lister().ListNamespace(d.namespace(), object.LabelSelector{}) {
		match := d.selector.Matches(o.Meta.Labels)
		if ref, ok := o.Meta.ControllerRef(); ok {
			if ref.UID != d.obj.Meta.UID {
				continue
			}
			if match {
				claimed = append(claimed, decodeReplicaSet(o))
				continue
			}
			if deleting {
				continue
			}
			if err := dc.releaseReplicaSet(d, o); err != nil && !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		if deleting || !match || o.Meta.DeletionTimestamp != nil || o.Meta.Namespace != d.namespace() {
			continue
		}
		if !adoptChecked {
			adoptChecked, adoptErr = true, dc.canAdopt(d)
		}
		if adoptErr != nil {
			errs = append(errs, fmt.Errorf("can't adopt ReplicaSet %v/%v (%v): %v", o.Meta.Namespace, o.Meta.Name, o.Meta.UID, adoptErr))
			continue
		}
		if err := dc.adoptReplicaSet(d, o); err != nil {
			if !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		claimed = append(claimed, decodeReplicaSet(o))
	}
	return claimed, api.NewAggregate(errs)
}

// canAdopt is RecheckDeletionTimestamp over an uncached GET.
func (dc *Controller) canAdopt(d *deployment) error {
	fresh, err := client.Shared(dc.Client.Do(client.GetRequest(dc.dKind, d.namespace(), d.name()), nil))
	if err != nil {
		return fmt.Errorf("can't recheck DeletionTimestamp: %v", err)
	}
	if fresh.Meta.UID != d.obj.Meta.UID {
		return fmt.Errorf("can't recheck DeletionTimestamp: original Deployment %v/%v is gone: got uid %v, wanted %v",
			d.namespace(), d.name(), fresh.Meta.UID, d.obj.Meta.UID)
	}
	if fresh.Meta.DeletionTimestamp != nil {
		return fmt.Errorf("%v/%v has just been deleted at %v", fresh.Meta.Namespace, fresh.Meta.Name, fresh.Meta.DeletionTimestamp.String())
	}
	return nil
}

// adoptReplicaSet patches the controller reference in
// (ownerRefControllerPatch, a strategic merge patch).
func (dc *Controller) adoptReplicaSet(d *deployment, rs *object.Object) error {
	return dc.patchReplicaSet(rs, map[string]any{
		"metadata": map[string]any{
			"ownerReferences": []any{map[string]any{"apiVersion": d.obj.APIVersion, "kind": d.obj.Kind,
				"name": d.name(), "uid": d.obj.Meta.UID, "controller": true, "blockOwnerDeletion": true}},
			"uid": rs.Meta.UID,
		}})
}

// releaseReplicaSet deletes the reference ("$patch": "delete"); NotFound
// and Invalid mean there is nothing left to release.
func (dc *Controller) releaseReplicaSet(d *deployment, rs *object.Object) error {
	err := dc.patchReplicaSet(rs, map[string]any{
		"metadata": map[string]any{
			"ownerReferences": []any{map[string]any{"$patch": "delete", "uid": d.obj.Meta.UID}},
			"uid":             rs.Meta.UID,
		}})
	if api.IsReason(err, api.ReasonNotFound) || api.IsReason(err, api.ReasonInvalid) {
		return nil
	}
	return err
}

// patchReplicaSet sends a strategic merge patch to rs; the answer is not
// kept, so it is not copied.
func (dc *Controller) patchReplicaSet(rs *object.Object, patch map[string]any) error {
	return dc.Client.Do(client.PatchRequest(dc.rsKind, rs.Meta.Namespace, rs.Meta.Name, api.StrategicMergePatch, patch, api.WriteOptions{}), nil).Err()
}
