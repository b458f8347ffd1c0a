package object

import (
	"testing"
	"time"
)

func TestStampVolumePhaseTransition(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 1, 0, 500, time.UTC)
	const earlier, stamped = "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z"
	pv := func(phase string, at any) *Object {
		o := New("v1", "PersistentVolume")
		o.Content["status"] = map[string]any{"phase": phase}
		if at != nil {
			o.Status()["lastPhaseTransitionTime"] = at
		}
		return o
	}
	tests := []struct {
		name     string
		obj, old *Object
		want     any
	}{
		{"created", pv("Pending", nil), nil, stamped},
		{"phase changes", pv("Bound", nil), pv("Available", earlier), stamped},
		{"phase changes, old time sent back", pv("Bound", earlier), pv("Available", earlier), stamped},
		{"phase changes, writer's own time", pv("Bound", "2025-01-01T00:00:00Z"), pv("Available", earlier), "2025-01-01T00:00:00Z"},
		{"phase stays, none sent", pv("Bound", nil), pv("Bound", earlier), earlier},
		{"phase stays, nothing stored", pv("Bound", nil), pv("Bound", nil), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			StampVolumePhaseTransition(tt.obj, tt.old, now)
			if got := tt.obj.Status()["lastPhaseTransitionTime"]; got != tt.want {
				t.Errorf("lastPhaseTransitionTime = %v, want %v", got, tt.want)
			}
		})
	}
	claim := New("v1", "PersistentVolumeClaim")
	StampVolumePhaseTransition(claim, nil, now)
	if _, ok := claim.Content["status"]; ok {
		t.Error("a claim was stamped")
	}
}
