package patch

import (
	"reflect"
	"testing"
)

// TestStrategicSharesEqualLeaves: two strategic merges of the same
// condition into different Pods give both results the one map, while
// leaves that differ in a value, a scalar's type or a key, and maps
// holding maps, stay apart; the kept leaf is left as it was.
func TestStrategicSharesEqualLeaves(t *testing.T) {
	cond := func(status string, ts any) map[string]any {
		return map[string]any{"type": "Ready", "status": status, "reason": "", "lastTransitionTime": ts}
	}
	first := func(m map[string]any) any {
		return m["status"].(map[string]any)["conditions"].([]any)[0]
	}
	tests := []struct {
		name  string
		a, b  any
		share bool
	}{
		{"equal conditions", cond("True", "2026-01-01T00:00:05Z"), cond("True", "2026-01-01T00:00:05Z"), true},
		{"other status", cond("True", "2026-01-01T00:00:06Z"), cond("False", "2026-01-01T00:00:06Z"), false},
		{"other type of scalar", cond("True", int64(7)), cond("True", float64(7)), false},
		{"other keys", map[string]any{"type": "Ready", "status": "True"}, map[string]any{"type": "Ready", "status": "True", "reason": "x"}, false},
		{"not a leaf", map[string]any{"type": "Ready", "status": map[string]any{"x": "1"}}, map[string]any{"type": "Ready", "status": map[string]any{"x": "1"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [2]any
			for i, c := range []any{tt.a, tt.b} {
				target := map[string]any{"spec": map[string]any{"nodeName": "n"}, "status": map[string]any{"phase": "Running"}}
				p := map[string]any{"status": map[string]any{"conditions": []any{c}}}
				out, err := Strategic("Pod", target, p)
				if err != nil {
					t.Fatal(err)
				}
				got[i] = first(out)
				if !reflect.DeepEqual(got[i], c) {
					t.Fatalf("merged condition %v, want %v", got[i], c)
				}
				if sameMapValue(got[i], c) {
					t.Fatal("the result holds the patch's own map")
				}
			}
			if shared := sameMapValue(got[0], got[1]); shared != tt.share {
				t.Errorf("results share the leaf: %v, want %v", shared, tt.share)
			}
			if !reflect.DeepEqual(got[0], tt.a) {
				t.Errorf("the first result's leaf became %v", got[0])
			}
		})
	}
}

func sameMapValue(a, b any) bool {
	x, ok1 := a.(map[string]any)
	y, ok2 := b.(map[string]any)
	return ok1 && ok2 && reflect.ValueOf(x).Pointer() == reflect.ValueOf(y).Pointer()
}

// TestLeafHashIgnoresOrder: equal leaves hash alike however they were
// filled, and a non-scalar value makes a map no leaf.
func TestLeafHashIgnoresOrder(t *testing.T) {
	a := map[string]any{}
	b := map[string]any{}
	keys := []string{"a", "b", "c", "d", "e", "f"}
	for i, k := range keys {
		a[k] = int64(i)
		b[keys[len(keys)-1-i]] = int64(len(keys) - 1 - i)
	}
	hashOf := func(m map[string]any) (uint64, bool) {
		es, ok := leafEntries(nil, m)
		return leafHash(es), ok
	}
	ha, oka := hashOf(a)
	hb, okb := hashOf(b)
	if !oka || !okb || ha != hb {
		t.Errorf("hashes %x %v, %x %v", ha, oka, hb, okb)
	}
	if _, ok := hashOf(map[string]any{"l": []any{}}); ok {
		t.Error("a map holding a list is a leaf")
	}
}
