package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestLeavesMetadata: only a patch without metadata, or with the stored
// uid alone, and without a directive at its top takes the stored
// metadata as it is.
func TestLeavesMetadata(t *testing.T) {
	stored := &object.Meta{Name: "web", UID: "u1"}
	for _, tc := range []struct {
		patch map[string]any
		want  bool
	}{
		{map[string]any{"status": map[string]any{"phase": "Running"}}, true},
		{map[string]any{}, true},
		{map[string]any{"metadata": map[string]any{"uid": "u1"}, "status": map[string]any{}}, true},
		{map[string]any{"metadata": map[string]any{"uid": "u2"}}, false},
		{map[string]any{"metadata": map[string]any{"uid": "u1", "name": "web"}}, false},
		{map[string]any{"metadata": map[string]any{}}, false},
		{map[string]any{"metadata": map[string]any{"labels": map[string]any{"a": "b"}}}, false},
		{map[string]any{"metadata": nil}, false},
		{map[string]any{"$patch": "replace", "spec": map[string]any{}}, false},
		{map[string]any{"$retainKeys": []any{"spec"}}, false},
	} {
		if got := leavesMetadata(tc.patch, stored); got != tc.want {
			t.Errorf("leavesMetadata(%v) = %v", tc.patch, got)
		}
	}
	if leavesMetadata(map[string]any{"metadata": map[string]any{"uid": ""}}, &object.Meta{}) {
		t.Error("a uid set where the stored metadata has none leaves it alone")
	}
}
