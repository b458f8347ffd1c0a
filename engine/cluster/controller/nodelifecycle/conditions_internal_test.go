package nodelifecycle

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestUnknownAlready: unknownAlready holds exactly when markUnknown would
// leave the Node as it is, so skipping the copy and the mark never misses
// a change.
func TestUnknownAlready(t *testing.T) {
	cond := func(typ, status string) map[string]any {
		return map[string]any{"type": typ, "status": status, "reason": "R", "message": "M",
			"lastHeartbeatTime": "2024-01-01T00:00:00Z", "lastTransitionTime": "2024-01-01T00:00:00Z"}
	}
	all := func(status string) []any {
		var l []any
		for _, typ := range kubeletConditions {
			l = append(l, cond(typ, status))
		}
		return l
	}
	oneKnown := all(condUnknown)
	oneKnown[2] = cond(kubeletConditions[2], condFalse)
	cases := []struct {
		name  string
		conds []any
		want  bool
	}{
		{"no conditions", nil, false},
		{"all True", all(condTrue), false},
		{"all Unknown", all(condUnknown), true},
		{"all Unknown and NetworkUnavailable", append(all(condUnknown), cond("NetworkUnavailable", condFalse)), true},
		{"one not Unknown", oneKnown, false},
		{"Ready missing", all(condUnknown)[1:], false},
		{"only Ready Unknown", []any{cond("Ready", condUnknown)}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			node := object.New("v1", "Node")
			node.Meta.Name = "n"
			if tc.conds != nil {
				node.Content["status"] = map[string]any{"conditions": tc.conds}
			}
			if got := unknownAlready(node); got != tc.want {
				t.Fatalf("unknownAlready = %v, want %v", got, tc.want)
			}
			marked := node.DeepCopy()
			markUnknown(marked, sim.Time(0).Add(3600e9))
			if same := object.EqualValues(marked.Content, node.Content); same != tc.want {
				t.Fatalf("markUnknown left the Node as it was: %v, want %v", same, tc.want)
			}
		})
	}
}
