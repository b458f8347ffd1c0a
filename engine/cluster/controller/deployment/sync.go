package deployment

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
)

// syncDeployment is deployment_controller.go's: reconcile one Deployment
// key. A deleted Deployment needs nothing; one being deleted only gets
// its status; a paused one or a change of replicas is scaled; otherwise
// the strategy rolls the template out.
func (dc *Controller) syncDeployment(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	obj, ok := dc.dInf.Lister().Get(ns, name)
	if !ok {
		return nil // "Deployment has been deleted"
	}
	d := decodeDeployment(obj)
	if d.selector.Empty() {
		dc.Recorder.Event(obj, record.Warning, "SelectingAll", "This deployment is selecting all pods. A non-empty selector is required.")
		if d.status.ObservedGeneration < obj.Meta.Generation {
			d.status.ObservedGeneration = obj.Meta.Generation
			_ = dc.writeStatus(d)
		}
		return nil
	}
	rsList, err := dc.getReplicaSetsForDeployment(d)
	if err != nil {
		return err
	}
	if obj.Meta.DeletionTimestamp != nil {
		return dc.syncStatusOnly(d, rsList)
	}
	// "Update deployment conditions with an Unknown condition when
	// pausing/resuming a deployment."
	if err := dc.checkPausedConditions(d); err != nil {
		return err
	}
	if d.paused {
		return dc.sync(d, rsList)
	}
	scaling, err := dc.isScalingEvent(d, rsList)
	if err != nil {
		return err
	}
	if scaling {
		return dc.sync(d, rsList)
	}
	switch d.strategy {
	case RecreateStrategy:
		return dc.rolloutRecreate(d, rsList)
	case RollingUpdateStrategy:
		return dc.rolloutRolling(d, rsList)
	}
	return fmt.Errorf("unexpected deployment strategy type: %s", d.strategy)
}

// syncStatusOnly is sync.go's: the status, and no other change.
func (dc *Controller) syncStatusOnly(d *deployment, rsList []*replicaSet) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	return dc.syncDeploymentStatus(append(oldRSs, newRS), newRS, d)
}

// sync reconciles a scaling event or a paused Deployment: proportional
// scaling, then (when paused) the old ReplicaSets' cleanup, then status.
func (dc *Controller) sync(d *deployment, rsList []*replicaSet) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	if err := dc.scale(d, newRS, oldRSs); err != nil {
		return err
	}
	if d.paused {
		if err := dc.cleanupDeployment(oldRSs, d); err != nil {
			return err
		}
	}
	return dc.syncDeploymentStatus(append(oldRSs, newRS), newRS, d)
}

// checkPausedConditions is sync.go's: Progressing turns Unknown with
// DeploymentPaused or DeploymentResumed, so that time spent paused never
// counts against the progress deadline.
func (dc *Controller) checkPausedConditions(d *deployment) error {
	if !d.hasProgressDeadline() {
		return nil
	}
	cond := getCondition(d.status, Progressing)
	if cond != nil && cond.Reason == TimedOutReason {
		return nil // "do not overwrite it with a paused condition"
	}
	pausedCond := cond != nil && cond.Reason == PausedDeployReason
	now := dc.loop.Now().Wall()
	switch {
	case d.paused && !pausedCond:
		setCondition(&d.status, newCondition(Progressing, "Unknown", PausedDeployReason, "Deployment is paused", now))
	case !d.paused && pausedCond:
		setCondition(&d.status, newCondition(Progressing, "Unknown", ResumedDeployReason, "Deployment is resumed", now))
	default:
		return nil
	}
	return dc.writeStatus(d)
}

// getAllReplicaSetsAndSyncRevision is sync.go's: the new ReplicaSet (made
// when create is true and there is none) with its revision brought up to
// date, and every old one.
func (dc *Controller) getAllReplicaSetsAndSyncRevision(d *deployment, rsList []*replicaSet, create bool) (*replicaSet, []*replicaSet, error) {
	_, allOld := findOldReplicaSets(d, rsList)
	newRS, err := dc.getNewReplicaSet(d, rsList, allOld, create)
	if err != nil {
		return nil, nil, err
	}
	return newRS, allOld, nil
}
