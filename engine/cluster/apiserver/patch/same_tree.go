package patch

import "math"

// Before copying a patch value, a merge asks whether it is the target's
// value over again, as most of a status patch is: then the target's is
// kept without a copy made and thrown away. These comparisons allocate
// nothing.

// sameTree reports whether copyOrKeep(old, v) is identical to old: v is
// old over again, with the same types of scalars and of nil and empty
// lists and maps (see identical).
func sameTree(old, v any) bool {
	switch x := v.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		if !ok || o == nil || x == nil {
			return ok && o == nil && x == nil
		}
		return sameMap(o, x)
	case []any:
		o, ok := old.([]any)
		if !ok || o == nil || x == nil {
			return ok && o == nil && x == nil
		}
		return sameList(o, x)
	}
	return sameScalar(old, v)
}

// sameMap reports whether the non-nil maps o and x hold the same keys
// with values sameTree takes for the same.
func sameMap(o, x map[string]any) bool {
	if len(o) != len(x) {
		return false
	}
	for k, xv := range x {
		ov, had := o[k]
		if !had || !sameTree(ov, xv) {
			return false
		}
	}
	return true
}

// sameList reports whether the lists o and x hold elements sameTree
// takes for the same.
func sameList(o, x []any) bool {
	if len(o) != len(x) {
		return false
	}
	for i := range x {
		if !sameTree(o[i], x[i]) {
			return false
		}
	}
	return true
}

// unchanged reports whether a merge may leave old in place of v, the
// value it merged for the same key: old is v (identical), and, when they
// are floats, to the bit (0 and -0 are equal, yet print apart).
func unchanged(old, v any) bool {
	if f, ok := v.(float64); ok {
		g, ok := old.(float64)
		return ok && math.Float64bits(f) == math.Float64bits(g)
	}
	return identical(old, v)
}
