package job

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// backoffRecord is backoff_utils.go's backoffRecord: the failures since
// the Job's last success and when the last of them finished.
type backoffRecord struct {
	failuresAfterLastSuccess int
	lastFailure              time.Time
}

// newBackoffRecord is newBackoffRecord: the stored record moved on by the
// Pods that finished since the last sync. A success clears it; failures
// after the last success count.
func (jm *Controller) newBackoffRecord(key string, succeeded, failed []*object.Object) backoffRecord {
	b := jm.backoff[key]
	if len(succeeded) == 0 && len(failed) == 0 {
		return b
	}
	byFinish := func(pods []*object.Object) []time.Time {
		out := make([]time.Time, len(pods))
		for i, p := range pods {
			out[i] = finishedAt(p)
		}
		slices.SortFunc(out, func(a, b time.Time) int { return a.Compare(b) })
		return out
	}
	fails := byFinish(failed)
	if len(succeeded) == 0 {
		b.failuresAfterLastSuccess += len(fails)
		b.lastFailure = fails[len(fails)-1]
		return b
	}
	successes := byFinish(succeeded)
	lastSuccess := successes[len(successes)-1]
	b = backoffRecord{}
	for i := len(fails) - 1; i >= 0 && fails[i].After(lastSuccess); i-- {
		if b.failuresAfterLastSuccess == 0 {
			b.lastFailure = fails[i]
		}
		b.failuresAfterLastSuccess++
	}
	return b
}

// remaining is getRemainingTime: DefaultPodFailureBackOff doubled for each
// failure after the first, at most MaxPodFailureBackOff, less the time
// since the last failure.
func (b backoffRecord) remaining(now sim.Time) time.Duration {
	if b.failuresAfterLastSuccess == 0 {
		return 0
	}
	d := DefaultPodFailureBackOff
	for i := 1; i < b.failuresAfterLastSuccess; i++ {
		d *= 2
		if d >= MaxPodFailureBackOff {
			d = MaxPodFailureBackOff
			break
		}
	}
	elapsed := now.Wall().Sub(b.lastFailure)
	if d < elapsed {
		return 0
	}
	return d - elapsed
}

// finishedAt is getFinishedTime: when the Pod's last container finished,
// else when its deletion began, else when it was created.
func finishedAt(p *object.Object) time.Time {
	var last time.Time
	for _, c := range object.AsList(p.Status()["containerStatuses"]) {
		term := object.MapAt(object.AsMap(c), "state", "terminated")
		if t, err := time.Parse(time.RFC3339, object.StringAt(term, "finishedAt")); err == nil && t.After(last) {
			last = t
		}
	}
	switch {
	case !last.IsZero():
		return last
	case p.Meta.DeletionTimestamp != nil:
		return *p.Meta.DeletionTimestamp
	}
	return p.Meta.CreationTimestamp
}
