package kubelet

import (
	"maps"
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// storedNodeStatus is the status of fields and conds as the API server
// would hold it after a report at heartbeat "t0": a copy sharing nothing
// with them, changed by edit (given the status and its conditions) unless
// edit is nil.
func storedNodeStatus(fields map[string]any, conds *[4]nodeCondition, edit func(st map[string]any, conds []any)) map[string]any {
	st := withConditions(fields, renderNodeConditions(conds, "t0"))
	st = object.DeepCopyValue(st).(map[string]any)
	if edit != nil {
		edit(st, list(st["conditions"]))
	}
	return st
}

// nodeStatusChanged ignores the conditions' heartbeat times and nothing
// else: each case says whether the stored status differs from the one the
// kubelet computed, and the copying comparison it replaces must agree.
func TestNodeStatusChanged(t *testing.T) {
	fields := map[string]any{"capacity": map[string]any{"cpu": "4"}, "images": []any{"a"}}
	conds := nodeConditions(nil, "t1")
	stored := func(edit func(st map[string]any, conds []any)) map[string]any {
		return storedNodeStatus(fields, &conds, edit)
	}
	for _, tc := range []struct {
		name string
		old  map[string]any
		want bool
	}{
		{"heartbeat only", stored(nil), false},
		{"condition status", stored(func(_ map[string]any, cs []any) { cs[3].(map[string]any)["status"] = "False" }), true},
		{"transition time", stored(func(_ map[string]any, cs []any) { cs[0].(map[string]any)["lastTransitionTime"] = "t9" }), true},
		{"message not a string", stored(func(_ map[string]any, cs []any) { cs[1].(map[string]any)["message"] = int64(1) }), true},
		{"extra key in a condition", stored(func(_ map[string]any, cs []any) { cs[2].(map[string]any)["x"] = "y" }), true},
		{"no heartbeat stored", stored(func(_ map[string]any, cs []any) { delete(cs[2].(map[string]any), "lastHeartbeatTime") }), false},
		{"condition not a map", stored(func(st map[string]any, cs []any) { cs[0] = "x" }), true},
		{"condition missing", stored(func(st map[string]any, cs []any) { st["conditions"] = cs[:3] }), true},
		{"no conditions", stored(func(st map[string]any, _ []any) { delete(st, "conditions") }), true},
		{"capacity", stored(func(st map[string]any, _ []any) { st["capacity"] = map[string]any{"cpu": "8"} }), true},
		{"images missing", stored(func(st map[string]any, _ []any) { delete(st, "images") }), true},
		{"field added", stored(func(st map[string]any, _ []any) { st["config"] = map[string]any{} }), true},
		{"nil status", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var matches statusMatches
			for try := range 2 { // the second time, with what the first remembered
				if got := nodeStatusChanged(tc.old, fields, &conds, &matches); got != tc.want {
					t.Errorf("nodeStatusChanged (try %d) = %v, want %v", try, got, tc.want)
				}
			}
			cur := withConditions(fields, renderNodeConditions(&conds, "t2"))
			if got := !object.EqualValues(stripHeartbeats(tc.old), stripHeartbeats(cur)); got != tc.want {
				t.Errorf("the copying comparison says %v, want %v", got, tc.want)
			}
		})
	}
}

// nodeStatusPatch gives the patch the generic two-way merge gives from the
// stored status to the rendered one (referenceNodeStatusPatch), whatever
// the stored status holds, and again with what matches remembered.
func TestNodeStatusPatchIsTheMergePatch(t *testing.T) {
	fields := map[string]any{"capacity": map[string]any{"cpu": "4"}, "images": []any{"a"},
		"addresses": []any{map[string]any{"type": "InternalIP", "address": "10.0.0.1"}, map[string]any{"type": "Hostname", "address": "n"}}}
	conds := nodeConditions(nil, "t1")
	stored := func(edit func(st map[string]any, conds []any)) map[string]any {
		return storedNodeStatus(fields, &conds, edit)
	}
	cm := func(cs []any, i int) map[string]any { return cs[i].(map[string]any) }
	for _, tc := range []struct {
		name string
		old  map[string]any
	}{
		{"heartbeat only", stored(nil)},
		{"condition status", stored(func(_ map[string]any, cs []any) { cm(cs, 3)["status"] = "False" })},
		{"transition time", stored(func(_ map[string]any, cs []any) { cm(cs, 0)["lastTransitionTime"] = "t9" })},
		{"message not a string", stored(func(_ map[string]any, cs []any) { cm(cs, 1)["message"] = int64(1) })},
		{"extra key in a condition", stored(func(_ map[string]any, cs []any) { cm(cs, 2)["x"] = "y" })},
		{"extra key for the heartbeat", stored(func(_ map[string]any, cs []any) {
			delete(cm(cs, 2), "lastHeartbeatTime")
			cm(cs, 2)["x"] = "y"
		})},
		{"no heartbeat stored", stored(func(_ map[string]any, cs []any) { delete(cm(cs, 2), "lastHeartbeatTime") })},
		{"heartbeat not a string", stored(func(_ map[string]any, cs []any) { cm(cs, 1)["lastHeartbeatTime"] = int64(2) })},
		{"heartbeat current", stored(func(_ map[string]any, cs []any) {
			for i := range cs {
				cm(cs, i)["lastHeartbeatTime"] = "t2"
			}
		})},
		{"one heartbeat current", stored(func(_ map[string]any, cs []any) { cm(cs, 1)["lastHeartbeatTime"] = "t2" })},
		{"condition not a map", stored(func(st map[string]any, cs []any) { cs[0] = "x" })},
		{"condition twice", stored(func(st map[string]any, cs []any) {
			again := maps.Clone(cm(cs, 1))
			again["status"] = "Unknown"
			st["conditions"] = append(cs, again)
		})},
		{"foreign condition", stored(func(st map[string]any, cs []any) {
			st["conditions"] = append(cs, map[string]any{"type": "NetworkUnavailable", "status": "False"})
		})},
		{"condition missing", stored(func(st map[string]any, cs []any) { st["conditions"] = cs[:3] })},
		{"conditions not a list", stored(func(st map[string]any, _ []any) { st["conditions"] = "x" })},
		{"no conditions", stored(func(st map[string]any, _ []any) { delete(st, "conditions") })},
		{"capacity", stored(func(st map[string]any, _ []any) { st["capacity"] = map[string]any{"cpu": "8"} })},
		{"address", stored(func(st map[string]any, _ []any) {
			st["addresses"] = []any{map[string]any{"type": "InternalIP", "address": "10.0.0.9"}}
		})},
		{"images missing", stored(func(st map[string]any, _ []any) { delete(st, "images") })},
		{"fields added", stored(func(st map[string]any, _ []any) {
			st["config"], st["phase"] = map[string]any{}, "Running"
		})},
		{"nil status", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := referenceNodeStatusPatch(tc.old, withConditions(fields, renderNodeConditions(&conds, "t2")))
			var matches statusMatches
			order := []any{}
			for i := range conds {
				order = append(order, map[string]any{"type": conds[i].typ})
			}
			for try := range 2 {
				if got := nodeStatusPatch(tc.old, fields, &conds, "t2", &matches, order); !reflect.DeepEqual(got, want) {
					t.Errorf("try %d: nodeStatusPatch = %v, want %v", try, got, want)
				}
			}
		})
	}
}

// referenceNodeStatusPatch is the patch nodeStatusPatch gives, computed
// from the rendered status cur by the generic two-way merge.
func referenceNodeStatusPatch(old, cur map[string]any) map[string]any {
	p := map[string]any{}
	for key, v := range cur {
		ov, ok := old[key]
		if ok && object.EqualValues(ov, v) {
			continue
		}
		switch key {
		case "conditions", "addresses":
			mergeByType(p, key, ov, v)
		default:
			p[key] = v
		}
	}
	for key := range old {
		if _, ok := cur[key]; !ok && key != "volumesInUse" && key != "volumesAttached" && key != "config" {
			p[key] = nil
		}
	}
	return map[string]any{"status": p}
}

// TestStatusMatches checks the remembered comparisons: the same stored
// and rendered values are equal without a comparison, and any other
// value, however alike, is compared again.
func TestStatusMatches(t *testing.T) {
	capacity := map[string]any{"cpu": "4"}
	images := []any{"a", "b"}
	storedCapacity := object.DeepCopyValue(capacity)
	var m statusMatches
	for _, tc := range []struct {
		name             string
		key              string
		stored, rendered any
		want             bool
		remembered       int
	}{
		{"equal maps are remembered", "capacity", storedCapacity, capacity, true, 1},
		{"a new stored map that differs", "capacity", map[string]any{"cpu": "8"}, capacity, false, 1},
		{"a render that differs", "capacity", storedCapacity, map[string]any{"cpu": "2"}, false, 1},
		{"equal lists are remembered", "images", object.DeepCopyValue(images), images, true, 2},
		{"a shorter list on the same array", "images", object.DeepCopyValue(images).([]any)[:1], images, false, 2},
		{"scalars are compared, not remembered", "kind", "x", "x", true, 2},
		{"unequal scalars", "kind", "x", "y", false, 2},
	} {
		if got := m.equal(tc.key, tc.stored, tc.rendered); got != tc.want {
			t.Errorf("%s: equal = %v, want %v", tc.name, got, tc.want)
		}
		if len(m) != tc.remembered {
			t.Errorf("%s: %d values remembered, want %d", tc.name, len(m), tc.remembered)
		}
	}
	// The remembered pair is equal again without a comparison: changing
	// the stored map behind the memo's back (which nothing does) shows it.
	prev := m["capacity"]
	prev.stored.(map[string]any)["cpu"] = "changed"
	if !m.equal("capacity", prev.stored, prev.rendered) {
		t.Error("the remembered pair was compared again")
	}
}

// stripHeartbeats is the comparison nodeStatusChanged replaces: a copy of
// st whose conditions lack lastHeartbeatTime.
func stripHeartbeats(st map[string]any) map[string]any {
	out := maps.Clone(st)
	if out == nil {
		out = map[string]any{}
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

// Rendering the Node's conditions boxes no text but the heartbeat: its
// allocations are the list, the heartbeat, and each condition's map (a
// header and its slots at most); kept transition times are the stored
// ones.
func TestRenderNodeConditionsBoxesOnlyTheHeartbeat(t *testing.T) {
	stored := withConditions(nil, renderNodeConditions(new(nodeConditions(nil, "t0")), "t0"))
	conds := nodeConditions(stored, "t1")
	if n := testing.AllocsPerRun(10, func() { renderNodeConditions(&conds, "t2") }); n > 2+4*2 {
		t.Errorf("renderNodeConditions allocates %v times", n)
	}
	for _, c := range renderNodeConditions(&conds, "t2") {
		if cm := c.(map[string]any); cm["lastTransitionTime"] != "t0" || cm["lastHeartbeatTime"] != "t2" {
			t.Errorf("condition %v: want transition t0, heartbeat t2", cm)
		}
	}
}
