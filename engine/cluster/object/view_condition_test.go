package object

import (
	"testing"
	"time"
)

// TestConditionsFromReadsEveryField checks the single-pass reading of
// conditions against each field the view has, absent and mistyped ones
// included.
func TestConditionsFromReadsEveryField(t *testing.T) {
	at := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	micro := time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC)
	tests := []struct {
		name string
		in   any
		want []Condition
	}{
		{"every field", map[string]any{
			"type": "Ready", "status": "True", "reason": "R", "message": "M",
			"lastTransitionTime": "2024-01-02T03:04:05Z", "lastHeartbeatTime": "2024-01-02T03:04:05.123456Z",
			"lastProbeTime": "2024-01-02T04:04:05+01:00", "observedGeneration": int64(7), "extra": "ignored",
		}, []Condition{{Type: "Ready", Status: "True", Reason: "R", Message: "M",
			LastTransitionTime: at, LastHeartbeatTime: micro, LastProbeTime: time.Date(2024, 1, 2, 4, 4, 5, 0, time.FixedZone("", 3600)), ObservedGeneration: 7}}},
		{"absent, null and mistyped", map[string]any{
			"type": int64(1), "status": nil, "lastProbeTime": nil, "lastTransitionTime": "garbage", "observedGeneration": 2.5,
		}, []Condition{{}}},
		{"float generation", map[string]any{"type": "A", "observedGeneration": float64(3)}, []Condition{{Type: "A", ObservedGeneration: 3}}},
		{"not a map", "x", []Condition{}},
	}
	for _, tt := range tests {
		got := conditionsFrom([]any{tt.in})
		if len(got) != len(tt.want) {
			t.Fatalf("%s: got %d conditions, want %d", tt.name, len(got), len(tt.want))
		}
		for i := range got {
			g, w := got[i], tt.want[i]
			if g.Type != w.Type || g.Status != w.Status || g.Reason != w.Reason || g.Message != w.Message ||
				!g.LastTransitionTime.Equal(w.LastTransitionTime) || !g.LastHeartbeatTime.Equal(w.LastHeartbeatTime) ||
				!g.LastProbeTime.Equal(w.LastProbeTime) || g.ObservedGeneration != w.ObservedGeneration {
				t.Errorf("%s: got %+v, want %+v", tt.name, g, w)
			}
		}
	}
}
