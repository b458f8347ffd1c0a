package object

import "testing"

func TestStatusCondition(t *testing.T) {
	status := map[string]any{"conditions": []any{
		"not a map",
		map[string]any{"type": "PodScheduled", "status": "True"},
		map[string]any{"type": "Ready", "status": "False"},
		map[string]any{"type": "Ready", "status": "True"},
	}}
	if c := StatusCondition(status, "Ready"); c == nil || c["status"] != "False" {
		t.Errorf("Ready = %v, want the first Ready condition", c)
	}
	if c := StatusCondition(status, "Initialized"); c != nil {
		t.Errorf("a missing condition = %v", c)
	}
	if c := StatusCondition(nil, "Ready"); c != nil {
		t.Errorf("no status gives %v", c)
	}
}
