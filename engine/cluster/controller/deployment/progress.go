package deployment

import (
	"fmt"
	"time"
)

// syncRolloutStatus is progress.go's: the status, with the Progressing
// condition estimated when a rollout is under way — NewReplicaSetAvailable
// once complete, ReplicaSetUpdated on any progress, ProgressDeadlineExceeded
// when the last progress is older than progressDeadlineSeconds — and the
// ReplicaSets' ReplicaFailure condition carried over.
func (dc *Controller) syncRolloutStatus(all []*replicaSet, newRS *replicaSet, d *deployment) error {
	now := dc.loop.Now().Wall()
	st := calculateStatus(all, newRS, d, now)
	if !d.hasProgressDeadline() {
		removeCondition(&st, Progressing)
	}
	cur := getCondition(d.status, Progressing)
	complete := st.Replicas == st.UpdatedReplicas && cur != nil && cur.Reason == NewRSAvailableReason
	if d.hasProgressDeadline() && !complete {
		switch {
		case deploymentComplete(d, &st):
			msg := fmt.Sprintf("Deployment %q has successfully progressed.", d.name())
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q has successfully progressed.", newRS.name())
			}
			setCondition(&st, newCondition(Progressing, "True", NewRSAvailableReason, msg, now))
		case deploymentProgressing(d, &st):
			msg := fmt.Sprintf("Deployment %q is progressing.", d.name())
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q is progressing.", newRS.name())
			}
			c := newCondition(Progressing, "True", ReplicaSetUpdatedReason, msg, now)
			// "we want to update with the same reason and change just
			// lastUpdateTime iff we notice any progress"
			if cur != nil {
				if cur.Status == "True" {
					c.LastTransitionTime = cur.LastTransitionTime
				}
				removeCondition(&st, Progressing)
			}
			setCondition(&st, c)
		case dc.timedOut(d, &st, now):
			msg := fmt.Sprintf("Deployment %q has timed out progressing.", d.name())
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q has timed out progressing.", newRS.name())
			}
			setCondition(&st, newCondition(Progressing, "False", TimedOutReason, msg, now))
		}
	}
	if f := replicaFailure(all, newRS); f != nil {
		setCondition(&st, *f)
	} else {
		removeCondition(&st, ReplicaFailure)
	}
	if d.status.equal(st) {
		dc.requeueStuckDeployment(d, st, now)
		return nil
	}
	d.status = st
	return dc.writeStatus(d)
}

// timedOut is util.DeploymentTimedOut: the Progressing condition was last
// updated more than progressDeadlineSeconds ago.
func (dc *Controller) timedOut(d *deployment, st *deploymentStatus, now time.Time) bool {
	if !d.hasProgressDeadline() {
		return false
	}
	c := getCondition(*st, Progressing)
	switch {
	case c == nil || c.Reason == NewRSAvailableReason:
		return false
	case c.Reason == TimedOutReason:
		return true
	}
	from := parseTime(c.LastUpdateTime)
	return from.Add(time.Duration(*d.progressDeadlineSeconds) * time.Second).Before(now)
}

// replicaFailure is getReplicaFailures: the new ReplicaSet's
// ReplicaFailure condition, else the first old one's.
func replicaFailure(all []*replicaSet, newRS *replicaSet) *condition {
	if newRS != nil && newRS.status.Failure != nil {
		return newRS.status.Failure
	}
	for _, rs := range all {
		if rs != nil && rs.status.Failure != nil {
			return rs.status.Failure
		}
	}
	return nil
}

// requeueStuckDeployment is progress.go's: when nothing changed and the
// rollout is neither complete nor timed out, look again when the deadline
// would pass (plus a second "to avoid milliseconds skew"), or now, rate
// limited, when less than a second is left.
func (dc *Controller) requeueStuckDeployment(d *deployment, st deploymentStatus, now time.Time) time.Duration {
	cur := getCondition(d.status, Progressing)
	if !d.hasProgressDeadline() || cur == nil {
		return -1
	}
	if deploymentComplete(d, &st) || cur.Reason == TimedOutReason {
		return -1
	}
	after := parseTime(cur.LastUpdateTime).Add(time.Duration(*d.progressDeadlineSeconds) * time.Second).Sub(now)
	if after < time.Second {
		dc.Queue.AddRateLimited(d.key())
		return 0
	}
	dc.Queue.AddAfter(d.key(), after+time.Second)
	return after
}
