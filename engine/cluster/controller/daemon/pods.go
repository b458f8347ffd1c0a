package daemon

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podAvailable is podutil.IsPodAvailable: ready for minReadySeconds
// (counted from the Ready condition's lastTransitionTime) at now.
func podAvailable(pod *object.Object, minReadySeconds int64, now time.Time) bool {
	c := object.StatusCondition(pod.Status(), "Ready")
	if c == nil || c["status"] != "True" {
		return false
	}
	if minReadySeconds == 0 {
		return true
	}
	since := object.TimeAt(c, "lastTransitionTime")
	return !since.IsZero() && since.Add(time.Duration(minReadySeconds)*time.Second).Before(now)
}

// minReadySeconds is ds's spec.minReadySeconds.
func minReadySeconds(ds *object.Object) int64 {
	n, _ := object.Int(ds.Spec()["minReadySeconds"])
	return n
}

// isNotFound reports a 404.
func isNotFound(err error) bool { return api.IsReason(err, api.ReasonNotFound) }
