package render

import (
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

func TestInventoryText(t *testing.T) {
	tests := []struct {
		name string
		inv  result.Inventory
		want string
	}{
		{"nothing seen", result.Inventory{}, "Not seen in any trace."},
		{"one row", result.Inventory{Reads: []string{"GET pods", "LIST pods"}}, "READS: GET pods, LIST pods."},
		{"rows in order", result.Inventory{Writes: []string{"CREATE pods"}, Reads: []string{"GET pods"}},
			"READS: GET pods. WRITES: CREATE pods."},
		{"a full stop of its own", result.Inventory{Why: "It reconciles."}, "WHY: It reconciles."},
		{"escaped", result.Inventory{Calls: []string{"HTTP to <svc>"}, Why: "A & B"},
			"CALLS: HTTP to &lt;svc&gt;. WHY: A &amp; B."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p printer
			p.inventoryText(&tt.inv)
			if got := string(p.b); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
