package tainteviction

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestTolerationTime(t *testing.T) {
	secs := func(n int64) *int64 { return &n }
	unreachable := object.Taint{Key: "node.kubernetes.io/unreachable", Effect: "NoExecute"}
	notReady := object.Taint{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute"}
	cases := []struct {
		name        string
		taints      []object.Taint
		tolerations []object.Toleration
		tolerated   bool
		least       time.Duration
	}{
		{"no tolerations: delete now", []object.Taint{unreachable}, nil, false, 0},
		{"default 300 s", []object.Taint{unreachable},
			[]object.Toleration{{Key: notReady.Key, Operator: "Exists", Effect: "NoExecute", TolerationSeconds: secs(300)},
				{Key: unreachable.Key, Operator: "Exists", Effect: "NoExecute", TolerationSeconds: secs(300)}}, true, 300 * time.Second},
		{"forever", []object.Taint{unreachable},
			[]object.Toleration{{Key: unreachable.Key, Operator: "Exists", Effect: "NoExecute"}}, true, -1},
		{"zero seconds: at once", []object.Taint{unreachable},
			[]object.Toleration{{Key: unreachable.Key, Operator: "Exists", TolerationSeconds: secs(0)}}, true, 0},
		{"shortest of the used ones", []object.Taint{unreachable, notReady},
			[]object.Toleration{{Operator: "Exists", Effect: "NoExecute", TolerationSeconds: secs(90)}}, true, 90 * time.Second},
		{"one taint not tolerated", []object.Taint{unreachable, notReady},
			[]object.Toleration{{Key: unreachable.Key, Operator: "Exists", TolerationSeconds: secs(60)}}, false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			all, used := matchingTolerations(tc.taints, tc.tolerations)
			if all != tc.tolerated {
				t.Fatalf("tolerated %t, want %t", all, tc.tolerated)
			}
			if !all {
				return
			}
			if got := minTolerationTime(used); got != tc.least {
				t.Errorf("least %v, want %v", got, tc.least)
			}
		})
	}
}
