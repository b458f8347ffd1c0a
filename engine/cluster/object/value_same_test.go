package object

import (
	"math"
	"reflect"
	"testing"
)

// TestEqualValuesSharedList checks EqualValues' fast path for one list
// held by two trees: it is equal without a walk of its elements (a NaN,
// never equal to itself, would make a walk report a difference), while a
// copy, or a shorter view of the same array, is compared element by
// element.
func TestEqualValuesSharedList(t *testing.T) {
	l := []any{"a", math.NaN()}
	if !EqualValues(l, l) {
		t.Error("a shared list is walked")
	}
	if !EqualValues(map[string]any{"l": l}, map[string]any{"l": l}) {
		t.Error("a list shared under two maps is walked")
	}
	if EqualValues(l, append([]any(nil), l...)) {
		t.Error("a copied list holding a NaN compares equal")
	}
	if EqualValues(l, l[:1]) || EqualValues(l[1:], l[:1]) {
		t.Error("views of one array of different lengths or starts compare equal")
	}
	if !EqualValues([]any{}, []any(nil)) || !EqualValues([]any{"a"}, []any{"a"}) {
		t.Error("equal lists compare unequal")
	}
}

// TestSameMapReflect checks SameMap against reflect's pointer of a map:
// one map, copies of it, empty and nil maps, and maps under other maps.
func TestSameMapReflect(t *testing.T) {
	a := map[string]any{"x": int64(1)}
	b := map[string]any{"x": int64(1)}
	var n1, n2 map[string]any
	e1, e2 := map[string]any{}, map[string]any{}
	outer := map[string]any{"a": a}
	inner, _ := outer["a"].(map[string]any)
	maps := []map[string]any{a, b, n1, n2, e1, e2, outer, inner, a}
	for i, x := range maps {
		for j, y := range maps {
			want := reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
			if got := SameMap(x, y); got != want {
				t.Errorf("SameMap(maps[%d], maps[%d]) = %v, want %v", i, j, got, want)
			}
		}
	}
	if !SameMap(a, inner) || SameMap(a, b) || SameMap(e1, e2) || !SameMap(n1, n2) || SameMap(n1, e1) {
		t.Error("SameMap tells one map from another wrongly")
	}
}
