package deployment

import "fmt"

// rolloutRolling is rolling.go's: scale the new ReplicaSet up if it can;
// else scale old ones down if they can; clean up history once complete;
// then the rollout status.
func (dc *Controller) rolloutRolling(d *deployment, rsList []*replicaSet) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, true)
	if err != nil {
		return err
	}
	all := append(append([]*replicaSet{}, oldRSs...), newRS)
	scaledUp, err := dc.reconcileNewReplicaSet(all, newRS, d)
	if err != nil {
		return err
	}
	if scaledUp {
		return dc.syncRolloutStatus(all, newRS, d)
	}
	scaledDown, err := dc.reconcileOldReplicaSets(all, filterActive(oldRSs), newRS, d)
	if err != nil {
		return err
	}
	if scaledDown {
		return dc.syncRolloutStatus(all, newRS, d)
	}
	if deploymentComplete(d, &d.status) {
		if err := dc.cleanupDeployment(oldRSs, d); err != nil {
			return err
		}
	}
	return dc.syncRolloutStatus(all, newRS, d)
}

// reconcileNewReplicaSet scales the new ReplicaSet down to replicas, or up
// by what newRSNewReplicas allows.
func (dc *Controller) reconcileNewReplicaSet(all []*replicaSet, newRS *replicaSet, d *deployment) (bool, error) {
	if newRS.replicas == d.replicas {
		return false, nil
	}
	if newRS.replicas > d.replicas {
		scaled, _, err := dc.scaleReplicaSet(newRS, d.replicas, d, false)
		return scaled, err
	}
	count, err := newRSNewReplicas(d, all, newRS)
	if err != nil {
		return false, err
	}
	scaled, _, err := dc.scaleReplicaSet(newRS, count, d, false)
	return scaled, err
}

// reconcileOldReplicaSets scales old ReplicaSets down by at most
//
//	maxScaledDown = all replicas − (replicas − maxUnavailable) − new ReplicaSet's unavailable
//
// unhealthy replicas first, then available ones while availability stays
// above the minimum. Its errors end the step without failing the sync,
// as in Kubernetes.
func (dc *Controller) reconcileOldReplicaSets(all, oldRSs []*replicaSet, newRS *replicaSet, d *deployment) (bool, error) {
	if replicaCount(oldRSs) == 0 {
		return false, nil // "Can't scale down further"
	}
	minAvailable := d.replicas - maxUnavailable(d)
	newUnavailable := newRS.replicas - newRS.status.AvailableReplicas
	maxScaledDown := replicaCount(all) - minAvailable - newUnavailable
	if maxScaledDown <= 0 {
		return false, nil
	}
	oldRSs, cleaned, err := dc.cleanupUnhealthyReplicas(oldRSs, d, maxScaledDown)
	if err != nil {
		return false, nil
	}
	all = append(append([]*replicaSet{}, oldRSs...), newRS)
	scaledDown, err := dc.scaleDownOldReplicaSetsForRollingUpdate(all, oldRSs, d)
	if err != nil {
		return false, nil
	}
	return cleaned+scaledDown > 0, nil
}

// cleanupUnhealthyReplicas scales old ReplicaSets, oldest first, down by
// their unavailable replicas, maxCleanup at most in all: removing
// replicas that are not available costs no availability.
func (dc *Controller) cleanupUnhealthyReplicas(oldRSs []*replicaSet, d *deployment, maxCleanup int32) ([]*replicaSet, int32, error) {
	sortByCreationTimestamp(oldRSs, false)
	total := int32(0)
	for i, rs := range oldRSs {
		if total >= maxCleanup {
			break
		}
		if rs.replicas == 0 || rs.replicas == rs.status.AvailableReplicas {
			continue
		}
		down := min(maxCleanup-total, rs.replicas-rs.status.AvailableReplicas)
		n := rs.replicas - down
		if n > rs.replicas {
			return nil, 0, fmt.Errorf("when cleaning up unhealthy replicas, got invalid request to scale down %s/%s %d -> %d", rs.obj.Meta.Namespace, rs.name(), rs.replicas, n)
		}
		_, updated, err := dc.scaleReplicaSet(rs, n, d, false)
		if err != nil {
			return nil, total, err
		}
		total += down
		oldRSs[i] = updated
	}
	return oldRSs, total, nil
}

// scaleDownOldReplicaSetsForRollingUpdate scales old ReplicaSets, oldest
// first, down by the available replicas above replicas − maxUnavailable.
func (dc *Controller) scaleDownOldReplicaSetsForRollingUpdate(all, oldRSs []*replicaSet, d *deployment) (int32, error) {
	minAvailable := d.replicas - maxUnavailable(d)
	available := availableReplicaCount(all)
	if available <= minAvailable {
		return 0, nil
	}
	sortByCreationTimestamp(oldRSs, false)
	total, want := int32(0), available-minAvailable
	for _, rs := range oldRSs {
		if total >= want {
			break
		}
		if rs.replicas == 0 {
			continue
		}
		down := min(rs.replicas, want-total)
		n := rs.replicas - down
		if n > rs.replicas {
			return 0, fmt.Errorf("when scaling down old RS, got invalid request to scale down %s/%s %d -> %d", rs.obj.Meta.Namespace, rs.name(), rs.replicas, n)
		}
		if _, _, err := dc.scaleReplicaSet(rs, n, d, false); err != nil {
			return total, err
		}
		total += down
	}
	return total, nil
}
