package deployment

import "github.com/loopbook/loopbook/engine/cluster/object"

// rolloutRecreate is recreate.go's: scale every old ReplicaSet to 0; wait
// while any of their Pods still runs; then create the new ReplicaSet (not
// before, "so that we avoid scaling up before scaling down") and scale it
// to replicas.
func (dc *Controller) rolloutRecreate(d *deployment, rsList []*replicaSet) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	all := append(append([]*replicaSet{}, oldRSs...), newRS)
	scaledDown, err := dc.scaleDownOldReplicaSetsForRecreate(filterActive(oldRSs), d)
	if err != nil {
		return err
	}
	if scaledDown {
		return dc.syncRolloutStatus(all, newRS, d)
	}
	if dc.oldPodsRunning(newRS, oldRSs, rsList) {
		return dc.syncRolloutStatus(all, newRS, d)
	}
	if newRS == nil {
		if newRS, oldRSs, err = dc.getAllReplicaSetsAndSyncRevision(d, rsList, true); err != nil {
			return err
		}
		all = append(append([]*replicaSet{}, oldRSs...), newRS)
	}
	if _, _, err := dc.scaleReplicaSet(newRS, d.replicas, d, false); err != nil {
		return err
	}
	if deploymentComplete(d, &d.status) {
		if err := dc.cleanupDeployment(oldRSs, d); err != nil {
			return err
		}
	}
	return dc.syncRolloutStatus(all, newRS, d)
}

// scaleDownOldReplicaSetsForRecreate scales each old ReplicaSet with
// replicas to 0.
func (dc *Controller) scaleDownOldReplicaSetsForRecreate(oldRSs []*replicaSet, d *deployment) (bool, error) {
	scaled := false
	for i, rs := range oldRSs {
		if rs.replicas == 0 {
			continue
		}
		ok, updated, err := dc.scaleReplicaSet(rs, 0, d, false)
		if err != nil {
			return false, err
		}
		if ok {
			oldRSs[i], scaled = updated, true
		}
	}
	return scaled, nil
}

// oldPodsRunning is recreate.go's: an old ReplicaSet still reports Pods,
// or one of its Pods (from the Deployment's Pod map) is not Succeeded or
// Failed.
func (dc *Controller) oldPodsRunning(newRS *replicaSet, oldRSs, rsList []*replicaSet) bool {
	if actualReplicaCount(oldRSs) > 0 {
		return true
	}
	for _, rs := range rsList { // getPodMapForDeployment
		if newRS != nil && rs.uid() == newRS.uid() {
			continue
		}
		for _, p := range dc.podsOwnedBy(rs) {
			if ph := podPhase(p); ph != "Failed" && ph != "Succeeded" {
				return true
			}
		}
	}
	return false
}

func podPhase(p *object.Object) string { return stringOf(object.MapAt(p.Content, "status"), "phase") }
