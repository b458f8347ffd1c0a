package podautoscaler

import (
	"math"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The default behaviour (pkg/apis/autoscaling/v2/defaults.go,
// GenerateHPAScaleUpRules and GenerateHPAScaleDownRules).
const (
	// ScaleDownStabilization is the scale-down stabilization window
	// (--horizontal-pod-autoscaler-downscale-stabilization).
	ScaleDownStabilization = 300 * time.Second
	// policyPeriod is every default policy's periodSeconds.
	policyPeriod = 15 * time.Second
	// scaleUpPods and scaleUpPercent are the default scale-up policies,
	// selectPolicy Max; scaleDownPercent the scale-down one.
	scaleUpPods      = 4
	scaleUpPercent   = 100
	scaleDownPercent = 100
)

type timedRecommendation struct {
	replicas int32
	at       sim.Time
}

type scaleEvent struct {
	delta int32
	at    sim.Time
}

// history is what the controller remembers of one HPA between syncs
// (HorizontalController.recommendations, scaleUpEvents,
// scaleDownEvents).
type history struct {
	recommendations []timedRecommendation
	up, down        []scaleEvent
}

// stabilize is stabilizeRecommendationWithBehaviors with the default
// windows (0 s up, 300 s down): it records desired and returns the
// stabilized recommendation.
func (h *history) stabilize(now sim.Time, current, desired int32) int32 {
	up, down := desired, desired
	for _, r := range h.recommendations {
		if r.at.Add(ScaleDownStabilization) > now {
			down = max(down, r.replicas)
		}
	}
	kept := h.recommendations[:0]
	for _, r := range h.recommendations {
		if r.at.Add(ScaleDownStabilization) > now {
			kept = append(kept, r)
		}
	}
	h.recommendations = append(kept, timedRecommendation{desired, now})
	rec := current
	if rec < up {
		rec = up
	}
	if rec > down {
		rec = down
	}
	return rec
}

// limit is convertDesiredReplicasWithBehaviorRate with the default
// policies, then minReplicas and maxReplicas.
func (h *history) limit(now sim.Time, current, desired, minR, maxR int32) int32 {
	switch {
	case desired > current:
		added := recent(h.up, now)
		start := current - added
		limit := max(start+scaleUpPods, int32(math.Ceil(float64(start)*(1+scaleUpPercent/100.0))))
		limit = max(limit, current)
		return min(desired, min(maxR, limit))
	case desired < current:
		deleted := recent(h.down, now)
		start := current + deleted
		limit := int32(math.Ceil(float64(start) * (1 - scaleDownPercent/100.0)))
		limit = min(limit, current)
		return max(desired, max(minR, limit))
	}
	return min(max(desired, minR), maxR)
}

// record is storeScaleEvent.
func (h *history) record(now sim.Time, from, to int32) {
	if to > from {
		h.up = append(keep(h.up, now), scaleEvent{to - from, now})
	} else if to < from {
		h.down = append(keep(h.down, now), scaleEvent{from - to, now})
	}
}

// recent sums the events within the policy period.
func recent(evs []scaleEvent, now sim.Time) int32 {
	var n int32
	for _, e := range evs {
		if e.at.Add(policyPeriod) > now {
			n += e.delta
		}
	}
	return n
}

// keep drops the events outside the policy period.
func keep(evs []scaleEvent, now sim.Time) []scaleEvent {
	out := evs[:0]
	for _, e := range evs {
		if e.at.Add(policyPeriod) > now {
			out = append(out, e)
		}
	}
	return out
}
