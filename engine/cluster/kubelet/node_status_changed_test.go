package kubelet

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// nodeStatusChanged ignores the conditions' heartbeat times and nothing
// else; each case says whether the status changed.
func TestNodeStatusChanged(t *testing.T) {
	cond := func(status, heartbeat string) map[string]any {
		return map[string]any{"type": "Ready", "status": status, "lastHeartbeatTime": heartbeat, "lastTransitionTime": "t0"}
	}
	base := func(conds ...any) map[string]any {
		st := map[string]any{"capacity": map[string]any{"cpu": "4"}}
		if conds != nil {
			st["conditions"] = conds
		}
		return st
	}
	for _, tc := range []struct {
		name     string
		old, cur map[string]any
		want     bool
	}{
		{"same", base(cond("True", "t1")), base(cond("True", "t1")), false},
		{"heartbeat only", base(cond("True", "t1")), base(cond("True", "t2")), false},
		{"condition status", base(cond("True", "t1")), base(cond("False", "t1")), true},
		{"condition added", base(cond("True", "t1")), base(cond("True", "t1"), cond("True", "t1")), true},
		{"no conditions either side", base(), base(), false},
		{"conditions missing, then empty", base(), map[string]any{"capacity": map[string]any{"cpu": "4"}, "conditions": []any{}}, false},
		{"conditions appear", base(), base(cond("True", "t1")), true},
		{"capacity", base(cond("True", "t1")), map[string]any{"capacity": map[string]any{"cpu": "8"}, "conditions": []any{cond("True", "t1")}}, true},
		{"field added", base(cond("True", "t1")), map[string]any{"capacity": map[string]any{"cpu": "4"}, "images": []any{}, "conditions": []any{cond("True", "t1")}}, true},
		{"heartbeat appears", base(map[string]any{"type": "Ready"}), base(map[string]any{"type": "Ready", "lastHeartbeatTime": "t1"}), false},
		{"condition not a map", base("x"), base(map[string]any{}), false},
		{"nil status", nil, base(), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := nodeStatusChanged(tc.old, tc.cur); got != tc.want {
				t.Errorf("nodeStatusChanged = %v, want %v", got, tc.want)
			}
			if got := nodeStatusChanged(tc.cur, tc.old); got != tc.want {
				t.Errorf("nodeStatusChanged, reversed = %v, want %v", got, tc.want)
			}
			if got := !object.EqualValues(stripHeartbeats(tc.old), stripHeartbeats(tc.cur)); got != tc.want {
				t.Errorf("the copying comparison says %v, want %v", got, tc.want)
			}
		})
	}
}

// stripHeartbeats is the comparison nodeStatusChanged replaces: a copy of
// st whose conditions lack lastHeartbeatTime.
func stripHeartbeats(st map[string]any) map[string]any {
	out := make(map[string]any, len(st))
	for k, v := range st {
		out[k] = v
	}
	var conds []any
	for _, c := range list(st["conditions"]) {
		cm, _ := c.(map[string]any)
		cc := make(map[string]any, len(cm))
		for k, v := range cm {
			if k != "lastHeartbeatTime" {
				cc[k] = v
			}
		}
		conds = append(conds, cc)
	}
	out["conditions"] = conds
	return out
}
