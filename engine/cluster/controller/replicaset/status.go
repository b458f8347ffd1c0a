package replicaset

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// calculateStatus is replica_set_utils.go's: counts over the active Pods
// the ReplicaSet claimed, the terminating ones it controls, and the
// ReplicaFailure condition while managing replicas fails.
func calculateStatus(rs *replicaSet, active []*podRow, terminating int, manageErr error, now time.Time) status {
	st := rs.status
	st.Conditions = slices.Clone(st.Conditions)
	var labeled, ready, available int64
	for _, p := range active {
		if _, ok := p.labels(rs); ok {
			labeled++
		}
		if p.ready {
			ready++
			if p.available(rs.minReadySeconds, now) {
				available++
			}
		}
	}
	// DeploymentReplicaSetTerminatingReplicas is beta and on by default
	// since v1.35, so terminatingReplicas is always reported.
	term := int64(terminating)
	failure := findCondition(st.Conditions, replicaFailure)
	switch {
	case manageErr != nil && failure == nil:
		reason := ""
		if diff := len(active) - int(rs.replicas); diff < 0 {
			reason = FailedCreatePodReason
		} else if diff > 0 {
			reason = FailedDeletePodReason
		}
		st.Conditions = setCondition(st.Conditions, condition{Type: replicaFailure, Status: "True",
			LastTransitionTime: object.FormatTime(now), Reason: reason, Message: manageErr.Error()})
	case manageErr == nil && failure != nil:
		st.Conditions = removeCondition(st.Conditions, replicaFailure)
	}
	st.Replicas, st.FullyLabeledReplicas, st.ReadyReplicas, st.AvailableReplicas = int64(len(active)), labeled, ready, available
	st.TerminatingReplicas = &term
	return st
}

func findCondition(conds []condition, t string) *condition {
	for i := range conds {
		if conds[i].Type == t {
			return &conds[i]
		}
	}
	return nil
}

// setCondition is SetCondition: no change when the status and reason are
// the same, else the condition replaces the old one at the end.
func setCondition(conds []condition, c condition) []condition {
	if cur := findCondition(conds, c.Type); cur != nil && cur.Status == c.Status && cur.Reason == c.Reason {
		return conds
	}
	return append(removeCondition(conds, c.Type), c)
}

func removeCondition(conds []condition, t string) []condition {
	var out []condition
	for _, c := range conds {
		if c.Type != t {
			out = append(out, c)
		}
	}
	return out
}

// sameStatus is updateReplicaSetStatus's steady-state test.
func sameStatus(a, b status) bool {
	eqPtr := (a.TerminatingReplicas == nil) == (b.TerminatingReplicas == nil) &&
		(a.TerminatingReplicas == nil || *a.TerminatingReplicas == *b.TerminatingReplicas)
	return a.Replicas == b.Replicas && a.FullyLabeledReplicas == b.FullyLabeledReplicas &&
		a.ReadyReplicas == b.ReadyReplicas && a.AvailableReplicas == b.AvailableReplicas && eqPtr &&
		slices.Equal(a.Conditions, b.Conditions)
}

// updateStatus is updateReplicaSetStatus: nothing when the status and the
// observed generation are current; otherwise PUT the status, and after a
// failure GET the ReplicaSet and PUT once more.
func (rsc *Controller) updateStatus(rs *replicaSet, st status) (*object.Object, error) {
	if sameStatus(rs.status, st) && rs.obj.Meta.Generation == rs.status.ObservedGeneration {
		return rs.obj, nil
	}
	st.ObservedGeneration = rs.obj.Meta.Generation
	cur := rs.obj
	for i := 0; ; i++ {
		updated, err := client.Shared(controller.SendStatusUpdate(rsc.Client, rsc.rsKind, cur, st.toMap(), api.WriteOptions{}))
		if err == nil {
			return updated, nil
		}
		if i >= statusUpdateRetries {
			return nil, err
		}
		if cur, err = client.Shared(rsc.Client.Do(client.GetRequest(rsc.rsKind, rs.obj.Meta.Namespace, rs.obj.Meta.Name), nil)); err != nil {
			return nil, err
		}
	}
}
