package podautoscaler

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// pods returns n ready Pods requesting 200m, each using usage.
func pods(n int, usage int64) []podSample {
	var out []podSample
	for range n {
		out = append(out, podSample{request: 200, usage: usage, hasMetric: true, ready: true})
	}
	return out
}

// The replica calculator (replica_calculator.go, GetResourceReplicas)
// with a 50 % target.
func TestResourceReplicas(t *testing.T) {
	cases := []struct {
		name    string
		current int32
		pods    []podSample
		want    int32
		util    int64
		msg     string
	}{
		{name: "at target", current: 3, pods: pods(3, 100), want: 3, util: 50},
		{name: "inside tolerance", current: 3, pods: pods(3, 108), want: 3, util: 54},
		{name: "just outside tolerance", current: 3, pods: pods(3, 112), want: 4, util: 56},
		{name: "load step", current: 3, pods: pods(3, 260), want: 8, util: 130},
		{name: "scale down", current: 8, pods: pods(8, 20), want: 2, util: 10},
		{name: "missing metric counts as 100 % scaling down", current: 3,
			pods: append(pods(2, 20), podSample{request: 200}), want: 3, util: 10},
		{name: "missing metric counts as 0 scaling up", current: 3,
			pods: append(pods(2, 300), podSample{request: 200}), want: 6, util: 150}, // 600m of 600m: ratio 2, ceil(2 × 3)
		{name: "unready Pods count as 0 scaling up", current: 4,
			pods: append(pods(2, 300), podSample{request: 200, usage: 300, hasMetric: true}, podSample{request: 200, usage: 300, hasMetric: true}), want: 6, util: 150},
		{name: "deleted Pods are ignored", current: 3,
			pods: append(pods(3, 100), podSample{request: 200, usage: 900, hasMetric: true, ready: true, ignored: true}), want: 3, util: 50},
		{name: "no Pods", current: 3, msg: "no pods returned by selector while calculating replica count"},
		{name: "no request", current: 1, pods: []podSample{{usage: 5, hasMetric: true, ready: true}}, msg: "missing request for cpu"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec, msg := resourceReplicas(tc.current, 50, tc.pods)
			if msg != tc.msg || rec.replicas != tc.want || (msg == "" && rec.utilization != tc.util) {
				t.Errorf("got %d at %d %% (%q), want %d at %d %% (%q)", rec.replicas, rec.utilization, msg, tc.want, tc.util, tc.msg)
			}
		})
	}
}

// The default behaviour: scale up by max(4, 100 %) per 15 s; scale down
// only to the highest recommendation of the last 300 s.
func TestBehaviour(t *testing.T) {
	at := func(s int) sim.Time { return sim.Time(0).Add(time.Duration(s) * time.Second) }
	h := &history{}
	steps := []struct {
		at               int
		current, desired int32
		want             int32
	}{
		{0, 3, 8, 7},     // 3+4 beats 3×2
		{15, 7, 8, 8},    // a new period
		{30, 8, 20, 10},  // maxReplicas
		{45, 10, 2, 10},  // the last 300 s recommended 20
		{346, 10, 2, 2},  // they aged out: 100 % per 15 s allows it
		{350, 2, 0, 2},   // the recommendation of 346 s holds
		{647, 2, 0, 1},   // minReplicas
		{700, 1, 40, 5},  // 1+4
		{705, 5, 40, 5},  // same period: 1+4 already used
		{715, 5, 40, 10}, // next period, 5×2 = 10 = max
	}
	for _, s := range steps {
		d := h.stabilize(at(s.at), s.current, s.desired)
		got := h.limit(at(s.at), s.current, d, 1, 10)
		if got != s.want {
			t.Errorf("at %ds from %d wanting %d: %d, want %d", s.at, s.current, s.desired, got, s.want)
		}
		h.record(at(s.at), s.current, got)
	}
}
