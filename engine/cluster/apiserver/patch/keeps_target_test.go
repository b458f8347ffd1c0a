package patch

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

const podStatus = `{"status":{"phase":"Running","conditions":[{"type":"Ready","status":"False","lastTransitionTime":"2024-01-01T00:00:00Z"},{"type":"PodScheduled","status":"True"}],"containerStatuses":[{"name":"web","ready":false,"restartCount":0,"state":{"running":{"startedAt":"2024-01-01T00:00:01Z"}}},{"name":"side","ready":true,"restartCount":0,"state":{"running":{"startedAt":"2024-01-01T00:00:01Z"}}}]},"spec":{"finalizers":["x"]}}`

// TestStrategicKeepsTargetValues: the unchanged parts of a status patch's
// target (the stored Pod) are the target's own in the result, the rest is
// new, and the target is left deeply as it was.
func TestStrategicKeepsTargetValues(t *testing.T) {
	target := tree(t, podStatus)
	before := object.DeepCopyValue(target)
	p := tree(t, `{"status":{"conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-01-01T00:00:05Z"},{"type":"PodScheduled","status":"True"}],"containerStatuses":[{"name":"web","ready":true,"restartCount":0,"state":{"running":{"startedAt":"2024-01-01T00:00:01Z"}}},{"name":"side","ready":true,"restartCount":0,"state":{"running":{"startedAt":"2024-01-01T00:00:01Z"}}}]}}`)
	got, err := Strategic("Pod", target, p)
	if err != nil {
		t.Fatal(err)
	}
	if !object.EqualValues(target, before) {
		t.Fatalf("the target changed:\n%s\nwas\n%s", js(target), js(before))
	}
	st, tst := got["status"].(map[string]any), target["status"].(map[string]any)
	conds, tconds := st["conditions"].([]any), tst["conditions"].([]any)
	cs, tcs := st["containerStatuses"].([]any), tst["containerStatuses"].([]any)
	if !object.SameValue(conds[1], tconds[1]) || !object.SameValue(cs[1], tcs[1]) {
		t.Error("an unchanged condition or container status is a copy, not the target's")
	}
	if object.SameValue(conds[0], tconds[0]) || object.SameValue(cs[0], tcs[0]) {
		t.Error("a changed condition or container status is the target's")
	}
	state := func(e any) any { return e.(map[string]any)["state"] }
	if !object.SameValue(state(cs[0]), state(tcs[0])) {
		t.Error("a changed container status does not keep its unchanged state from the target")
	}
	if !object.SameValue(got["spec"], target["spec"]) {
		t.Error("the spec the patch leaves alone is not the target's")
	}
	// A patch that changes nothing in a subtree gives the target's subtree.
	same, err := Strategic("Pod", target, tree(t, `{"status":{"phase":"Running","containerStatuses":`+js(tcs)+`}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !object.SameValue(same["status"], tst) {
		t.Error("a status patch that changes nothing does not give the target's status")
	}
}

// TestStrategicKeepsOnlySameTypes: a kept target value is the same tree
// as the patch's, types included (1 and 1.0 are not kept for each other),
// and nil and empty lists or maps are told apart.
func TestStrategicKeepsOnlySameTypes(t *testing.T) {
	target := map[string]any{"status": map[string]any{
		"containerStatuses": []any{map[string]any{"name": "a", "restartCount": int64(1)}, map[string]any{"name": "b", "l": []any(nil)}},
	}}
	p := map[string]any{"status": map[string]any{
		"containerStatuses": []any{map[string]any{"name": "a", "restartCount": float64(1)}, map[string]any{"name": "b", "l": []any{}}},
	}}
	got, err := Strategic("Pod", target, p)
	if err != nil {
		t.Fatal(err)
	}
	cs := got["status"].(map[string]any)["containerStatuses"].([]any)
	if n := cs[0].(map[string]any)["restartCount"]; n != float64(1) {
		t.Errorf("restartCount = %#v, want the patch's float64(1)", n)
	}
	if l := cs[1].(map[string]any)["l"].([]any); l == nil {
		t.Error("the patch's empty list became the target's nil one")
	}
}
