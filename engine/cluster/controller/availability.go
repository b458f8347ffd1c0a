package controller

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// PodAvailable is podutil.IsPodAvailable (pkg/api/v1/pod/util.go, v1.37):
// the Pod is Ready and has been for minReadySeconds (counted from the
// Ready condition's lastTransitionTime) at now, the instant itself
// included.
func PodAvailable(pod *object.Object, minReadySeconds int64, now time.Time) bool {
	c := object.StatusCondition(pod.Status(), "Ready")
	if c == nil || c["status"] != "True" {
		return false
	}
	return ReadyLongEnough(object.TimeAt(c, "lastTransitionTime"), minReadySeconds, now)
}

// ReadyLongEnough is IsPodAvailable's rule for a Pod that is Ready since
// readySince (zero when unknown): available at once without
// minReadySeconds, else once minReadySeconds have passed, now included.
func ReadyLongEnough(readySince time.Time, minReadySeconds int64, now time.Time) bool {
	return minReadySeconds == 0 ||
		(!readySince.IsZero() && !readySince.Add(time.Duration(minReadySeconds)*time.Second).After(now))
}

// NextAvailabilityCheck is FindMinNextPodAvailabilityCheck over Pods:
// how long until the first ready Pod that is not yet available becomes
// so, or false when none is waiting.
func NextAvailabilityCheck(pods []*object.Object, minReadySeconds int64, now time.Time) (time.Duration, bool) {
	if minReadySeconds <= 0 {
		return 0, false
	}
	found := false
	var soonest time.Duration
	for _, p := range pods {
		c := object.StatusCondition(p.Status(), "Ready")
		since := object.TimeAt(c, "lastTransitionTime")
		if c == nil || c["status"] != "True" || since.IsZero() {
			continue
		}
		if d := since.Add(time.Duration(minReadySeconds) * time.Second).Sub(now); d > 0 && (!found || d < soonest) {
			found, soonest = true, d
		}
	}
	return soonest, found
}
