package podautoscaler

import (
	"math"
	"slices"
)

// Tolerance is --horizontal-pod-autoscaler-tolerance's default.
const Tolerance = 0.1

// podSample is what the calculator knows of one Pod.
type podSample struct {
	name      string
	request   int64 // the sum of its containers' requests, milli-units
	usage     int64 // the sum of its containers' usage, milli-units
	hasMetric bool
	ready     bool
	ignored   bool // being deleted or Failed
}

// recommendation is the calculator's answer: the replica count and the
// utilization it saw (percent of request) and the average usage.
type recommendation struct {
	replicas     int32
	utilization  int64
	averageUsage int64
}

// resourceReplicas is GetResourceReplicas with a utilization target
// (replica_calculator.go): target is the percentage of the request.
func resourceReplicas(current int32, target int64, pods []podSample) (recommendation, string) {
	if len(pods) == 0 {
		return recommendation{}, "no pods returned by selector while calculating replica count"
	}
	var ready, unready, missing []podSample
	for _, p := range pods {
		switch {
		case p.ignored:
		case !p.hasMetric:
			missing = append(missing, p)
		case !p.ready:
			unready = append(unready, p)
		default:
			ready = append(ready, p)
		}
	}
	if len(ready) == 0 && len(unready) == 0 {
		return recommendation{}, "did not receive metrics for targeted pods (pods might be unready)"
	}
	util, avg, ok := utilization(ready, nil)
	if !ok {
		return recommendation{}, "missing request for cpu"
	}
	ratio := float64(util) / float64(target)
	rec := recommendation{utilization: util, averageUsage: avg}
	scaleUpWithUnready := len(unready) > 0 && ratio > 1.0
	if !scaleUpWithUnready && len(missing) == 0 {
		if math.Abs(1.0-ratio) <= Tolerance {
			rec.replicas = current
			return rec, ""
		}
		rec.replicas = int32(math.Ceil(ratio * float64(len(ready))))
		return rec, ""
	}
	// Fill in what is missing: 100 % of the request when scaling down,
	// 0 when scaling up; unready Pods count 0 when scaling up.
	var extra []podSample
	for _, p := range missing {
		q := p
		if ratio < 1.0 {
			q.usage = p.request
		} else {
			q.usage = 0
		}
		extra = append(extra, q)
	}
	if scaleUpWithUnready {
		for _, p := range unready {
			q := p
			q.usage = 0
			extra = append(extra, q)
		}
	}
	newUtil, _, _ := utilization(ready, extra)
	newRatio := float64(newUtil) / float64(target)
	if math.Abs(1.0-newRatio) <= Tolerance || (ratio < 1.0 && newRatio > 1.0) || (ratio > 1.0 && newRatio < 1.0) {
		rec.replicas = current
		return rec, ""
	}
	n := int32(math.Ceil(newRatio * float64(len(ready)+len(extra))))
	if (newRatio < 1.0 && n > current) || (newRatio > 1.0 && n < current) {
		n = current
	}
	rec.replicas = n
	return rec, ""
}

// utilization is GetResourceUtilizationRatio's percentage: the summed
// usage over the summed requests, times 100, rounded down; and the
// average usage of the Pods with real metrics.
func utilization(pods, extra []podSample) (int64, int64, bool) {
	var usage, request int64
	for _, p := range slices.Concat(pods, extra) {
		if p.request <= 0 {
			return 0, 0, false
		}
		usage += p.usage
		request += p.request
	}
	if request == 0 {
		return 0, 0, false
	}
	var real int64
	for _, p := range pods {
		real += p.usage
	}
	avg := int64(0)
	if len(pods) > 0 {
		avg = real / int64(len(pods))
	}
	return usage * 100 / request, avg, true
}
