package deployment

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller"
)

// syncDeploymentStatus is sync.go's: write the status when it changed.
func (dc *Controller) syncDeploymentStatus(all []*replicaSet, newRS *replicaSet, d *deployment) error {
	st := calculateStatus(all, newRS, d, dc.loop.Now().Wall())
	if d.status.equal(st) {
		return nil
	}
	d.status = st
	return dc.writeStatus(d)
}

// writeStatus PUTs d's status to deployments/status. The answer is not
// kept (the informer brings the stored object), so it is not copied.
func (dc *Controller) writeStatus(d *deployment) error {
	o, status := d.statusWrite()
	return controller.SendStatusUpdate(dc.Client, dc.dKind, o, status, api.WriteOptions{}).Err()
}

// calculateStatus is sync.go's: the sums over the ReplicaSets, and the
// Available condition — True once available replicas reach replicas −
// maxUnavailable.
func calculateStatus(all []*replicaSet, newRS *replicaSet, d *deployment, now time.Time) deploymentStatus {
	available := availableReplicaCount(all)
	unavailable := max(replicaCount(all)-available, 0)
	st := deploymentStatus{
		ObservedGeneration: d.obj.Meta.Generation,
		Replicas:           actualReplicaCount(all),
		UpdatedReplicas:    actualReplicaCount([]*replicaSet{newRS}),
		ReadyReplicas:      readyReplicaCount(all),
		AvailableReplicas:  available,
		Unavail:            unavailable,
		CollisionCount:     d.status.CollisionCount,
		// DeploymentReplicaSetTerminatingReplicas: beta, on since v1.35.
		TerminatingReplicas: terminatingReplicaCount(all),
		Conditions:          append([]condition(nil), d.status.Conditions...),
	}
	if available >= d.replicas-maxUnavailable(d) {
		setCondition(&st, newCondition(Available, "True", MinimumReplicasAvailable, "Deployment has minimum availability.", now))
	} else {
		setCondition(&st, newCondition(Available, "False", MinimumReplicasUnavailable, "Deployment does not have minimum availability.", now))
	}
	return st
}

// isScalingEvent is sync.go's: an active ReplicaSet was told a different
// desired-replicas than the Deployment now has.
func (dc *Controller) isScalingEvent(d *deployment, rsList []*replicaSet) (bool, error) {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return false, err
	}
	for _, rs := range filterActive(append(oldRSs, newRS)) {
		desired, ok := nonNegativeInt32Annotation(rs.obj.Meta.Annotations, DesiredReplicasAnnotation)
		if ok && desired != d.replicas {
			return true, nil
		}
	}
	return false, nil
}
