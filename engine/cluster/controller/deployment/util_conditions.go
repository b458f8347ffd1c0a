package deployment

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Condition types and reasons (apps/v1 and
// pkg/controller/deployment/util/deployment_util.go).
const (
	Available      = "Available"
	Progressing    = "Progressing"
	ReplicaFailure = "ReplicaFailure"

	// Progressing reasons.
	ReplicaSetUpdatedReason = "ReplicaSetUpdated"
	FailedRSCreateReason    = "ReplicaSetCreateError"
	NewReplicaSetReason     = "NewReplicaSetCreated"
	FoundNewRSReason        = "FoundNewReplicaSet"
	NewRSAvailableReason    = "NewReplicaSetAvailable"
	TimedOutReason          = "ProgressDeadlineExceeded"
	PausedDeployReason      = "DeploymentPaused"
	ResumedDeployReason     = "DeploymentResumed"

	// Available reasons.
	MinimumReplicasAvailable   = "MinimumReplicasAvailable"
	MinimumReplicasUnavailable = "MinimumReplicasUnavailable"
)

// newCondition is NewDeploymentCondition: both times now.
func newCondition(t, status, reason, message string, now time.Time) condition {
	ts := object.FormatTime(now)
	return condition{Type: t, Status: status, LastUpdateTime: ts, LastTransitionTime: ts, Reason: reason, Message: message}
}

// getCondition is GetDeploymentCondition: the condition of type t in s,
// or nil. Callers only read it.
func getCondition(s deploymentStatus, t string) *condition {
	// The pointer is into s's array, which is only ever replaced, never
	// written in place (setCondition and removeCondition filter into a
	// new one), so it needs no copy of its own.
	for i := range s.Conditions {
		if s.Conditions[i].Type == t {
			return &s.Conditions[i]
		}
	}
	return nil
}

// setCondition is SetDeploymentCondition: nothing when status and reason
// are unchanged; the transition time kept when only the reason changes;
// the new condition goes last.
func setCondition(s *deploymentStatus, c condition) {
	cur := getCondition(*s, c.Type)
	if cur != nil && cur.Status == c.Status && cur.Reason == c.Reason {
		return
	}
	if cur != nil && cur.Status == c.Status {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	s.Conditions = append(filterOutCondition(s.Conditions, c.Type), c)
}

// removeCondition is RemoveDeploymentCondition.
func removeCondition(s *deploymentStatus, t string) {
	s.Conditions = filterOutCondition(s.Conditions, t)
}

func filterOutCondition(conds []condition, t string) []condition {
	var out []condition
	for _, c := range conds {
		if c.Type != t {
			out = append(out, c)
		}
	}
	return out
}
