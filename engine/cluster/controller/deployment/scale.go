package deployment

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
)

// scale is sync.go's: on a change of replicas (or while paused), one
// active ReplicaSet takes the new count; a saturated new ReplicaSet has
// its old ones scaled to 0; otherwise, for RollingUpdate, the difference
// to replicas + maxSurge is shared out in proportion to each active
// ReplicaSet's size, leftovers to the largest.
func (dc *Controller) scale(d *deployment, newRS *replicaSet, oldRSs []*replicaSet) error {
	if rs := findActiveOrLatest(newRS, oldRSs); rs != nil {
		if rs.replicas == d.replicas {
			return nil
		}
		_, _, err := dc.scaleReplicaSet(rs, d.replicas, d, false)
		return err
	}
	if isSaturated(d, newRS) {
		for _, old := range filterActive(oldRSs) {
			if _, _, err := dc.scaleReplicaSet(old, 0, d, false); err != nil {
				return err
			}
		}
		return nil
	}
	if !d.isRollingUpdate() {
		return nil
	}
	all := filterActive(append(append([]*replicaSet{}, oldRSs...), newRS))
	allReplicas := replicaCount(all)
	allowed := int32(0)
	if d.replicas > 0 {
		allowed = d.replicas + maxSurge(d)
	}
	toAdd := allowed - allReplicas
	// "when scaling up, we should scale up newer replica sets first, and
	// when scaling down, we should scale down older replica sets first"
	switch {
	case toAdd > 0:
		sortBySize(all, true)
	case toAdd < 0:
		sortBySize(all, false)
	}
	added := int32(0)
	sizes := make([]int32, len(all))
	for i, rs := range all {
		sizes[i] = rs.replicas
		if toAdd != 0 {
			p := replicaSetProportion(rs, d, toAdd, added)
			sizes[i] += p
			added += p
		}
	}
	for i, rs := range all {
		if i == 0 && toAdd != 0 {
			sizes[0] = max(sizes[0]+toAdd-added, 0)
		}
		if _, _, err := dc.scaleReplicaSet(rs, sizes[i], d, true); err != nil {
			return err
		}
	}
	return nil
}

// scaleReplicaSet is sync.go's: write the ReplicaSet when its size or its
// replicas annotations change (only its size unless forced), and record a
// ScalingReplicaSet Event when the size changed.
func (dc *Controller) scaleReplicaSet(rs *replicaSet, newScale int32, d *deployment, force bool) (bool, *replicaSet, error) {
	if !force && rs.replicas == newScale {
		return false, rs, nil
	}
	maxReplicas := d.replicas + maxSurge(d)
	sizeChanged := rs.replicas != newScale
	if !sizeChanged && !replicasAnnotationsNeedUpdate(rs.obj.Meta.Annotations, d.replicas, maxReplicas) {
		return false, rs, nil
	}
	ann := cloneAnnotations(rs.obj.Meta.Annotations)
	setReplicasAnnotations(ann, d.replicas, maxReplicas)
	updated, err := client.Shared(dc.Client.Do(client.UpdateRequest(dc.rsKind, rs.with(ann, newScale, rs.minReadySeconds), api.WriteOptions{}), nil))
	if err != nil {
		return false, nil, err
	}
	if !sizeChanged {
		return false, decodeReplicaSet(updated), nil
	}
	op := "down"
	if rs.replicas < newScale {
		op = "up"
	}
	dc.Recorder.Eventf(d.obj, record.Normal, "ScalingReplicaSet", "Scaled %s replica set %s from %d to %d", op, updated.Meta.Name, rs.replicas, newScale)
	return true, decodeReplicaSet(updated), nil
}

// cleanupDeployment is sync.go's: keep revisionHistoryLimit old
// ReplicaSets, delete the older ones that have no Pods, want none and
// whose controller has seen their latest spec.
func (dc *Controller) cleanupDeployment(oldRSs []*replicaSet, d *deployment) error {
	if !d.hasRevisionHistoryLimit() {
		return nil
	}
	var cleanable []*replicaSet
	for _, rs := range oldRSs {
		if rs != nil && rs.obj.Meta.DeletionTimestamp == nil {
			cleanable = append(cleanable, rs)
		}
	}
	diff := int32(len(cleanable)) - *d.revisionHistoryLimit
	if diff <= 0 {
		return nil
	}
	sortByRevision(cleanable)
	for _, rs := range cleanable[:diff] {
		if rs.status.Replicas != 0 || rs.replicas != 0 || rs.obj.Meta.Generation > rs.status.ObservedGeneration || rs.obj.Meta.DeletionTimestamp != nil {
			continue
		}
		if err := dc.Client.Do(client.DeleteRequest(dc.rsKind, rs.obj.Meta.Namespace, rs.name(), api.DeleteOptions{}), nil).Err(); err != nil && !api.IsReason(err, api.ReasonNotFound) {
			return err
		}
	}
	return nil
}
