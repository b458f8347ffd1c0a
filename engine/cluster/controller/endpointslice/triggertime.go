package endpointslice

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// triggerTimes is TriggerTimeTracker (k8s.io/endpointslice/util
// trigger_time_tracker.go): the endpoints.kubernetes.io/last-change-trigger-time
// of a sync is the earliest change not yet exported — a Pod's Ready
// condition transition or the Service's creation — and a Service's first
// sync exports its creation time.
type triggerTimes struct {
	byService map[string]*triggerState
}

type triggerState struct {
	service time.Time
	pods    map[string]time.Time
}

func newTriggerTimes() *triggerTimes { return &triggerTimes{byService: map[string]*triggerState{}} }

// compute returns the trigger time of a sync of svc over pods, and
// remembers what it has seen.
func (t *triggerTimes) compute(key string, svc *object.Object, pods []pod) time.Time {
	st, known := t.byService[key]
	if !known {
		st = &triggerState{}
		t.byService[key] = st
	}
	var earliest time.Time
	seen := make(map[string]time.Time, len(pods))
	for i := range pods {
		p := &pods[i]
		if p.readySince.IsZero() {
			continue
		}
		seen[p.name] = p.readySince
		if p.readySince.After(st.pods[p.name]) {
			earliest = minTime(earliest, p.readySince)
		}
	}
	created := svc.Meta.CreationTimestamp
	if created.After(st.service) {
		earliest = minTime(earliest, created)
	}
	st.pods, st.service = seen, created
	if !known {
		return created
	}
	return earliest
}

func (t *triggerTimes) deleteService(key string) { delete(t.byService, key) }

func minTime(cur, t time.Time) time.Time {
	if cur.IsZero() || t.Before(cur) {
		return t
	}
	return cur
}
