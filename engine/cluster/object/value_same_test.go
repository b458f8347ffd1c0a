package object

import (
	"math"
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
