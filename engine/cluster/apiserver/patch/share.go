package patch

import (
	"maps"
	"math"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// A merge result keeps the target's own map or list wherever the patch
// leaves it equal to the target's, rather than a copy: the API server
// stores a status patch's result, whose target is the stored object, so
// a Pod's unchanged conditions and container statuses are one set of
// values for all its versions. The target is never modified, and a
// target value is only kept where the result would be equal to it, so
// the result is the same tree either way. Patch values are never kept
// (see TestResultSharesNothingWithThePatch).

// keepTarget returns old, the target's value, when merged is equal to
// it, else merged, or an equal leaf made earlier (shareLeaf). merged must
// be a result of maps or list: its maps and lists are the target's own
// wherever they are unchanged (old itself when all of it is), so a
// shallow comparison decides.
func keepTarget(old, merged any) any {
	if identical(old, merged) {
		return old
	}
	switch m := merged.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		if ok && o != nil && len(o) == len(m) && sameEntries(o, m) {
			return o
		}
	case []any:
		o, ok := old.([]any)
		if ok && o != nil && len(o) == len(m) && sameElements(o, m) {
			return o
		}
	}
	return shareLeaf(merged)
}

// sameEntries reports whether every entry of b is identical to a's.
func sameEntries(a, b map[string]any) bool {
	for k, bv := range b {
		av, ok := a[k]
		if !ok || !identical(av, bv) {
			return false
		}
	}
	return true
}

// sameElements reports whether a and b hold identical elements.
func sameElements(a, b []any) bool {
	for i := range a {
		if !identical(a[i], b[i]) {
			return false
		}
	}
	return true
}

// identical reports whether a and b are the same map or list
// (object.SameValue), a nil list never the same as a non-nil one, or
// equal scalars of the same type.
func identical(a, b any) bool {
	if x, ok := a.([]any); ok {
		if y, ok := b.([]any); !ok || (x == nil) != (y == nil) {
			return false
		}
	}
	return object.SameValue(a, b) || sameScalar(a, b)
}

// sameScalar reports whether a and b are equal scalars of the same type
// (EqualValues takes 1 and 1.0 for equal; a kept value must not change
// the result's types).
func sameScalar(a, b any) bool {
	switch a.(type) {
	case nil, string, bool, int64, float64, int, int32:
		switch b.(type) {
		case nil, string, bool, int64, float64, int, int32:
			return a == b
		}
	}
	return false
}

// copyOrKeep is a copy of v, a patch value, that shares old's maps and
// lists wherever they are the same tree as v's (same types throughout):
// old itself when all of it is. A new leaf may be one made earlier
// (shareLeaf).
func copyOrKeep(old, v any) any {
	switch x := v.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		if !ok || o == nil || x == nil {
			return shareLeafCopy(x)
		}
		if lv, ok := replaceLeaf(o, x); ok {
			return lv
		}
		if len(o) == len(x) {
			if m, ok := overwrite(o, x); ok {
				return m
			}
		}
		out := make(map[string]any, len(x))
		for k, xv := range x {
			out[k] = copyOrKeep(o[k], xv)
		}
		return shareLeaf(out)
	case []any:
		o, ok := old.([]any)
		if !ok || o == nil || x == nil {
			return object.DeepCopyValue(v)
		}
		if len(o) == len(x) {
			return overwriteList(o, x)
		}
		return replaceList(o, x)
	}
	return object.DeepCopyValue(v)
}

// overwrite is copyOrKeep(o, x) for maps o and x of one length, and
// true, when x has o's keys: o itself when every value copyOrKeep gives
// is identical to o's, else a copy of o (cheaper to make than a map
// filled key by key) with the values that are not o's. It is false when
// x has a key o lacks.
func overwrite(o, x map[string]any) (any, bool) {
	var out map[string]any
	same := true
	for k, xv := range x {
		ov, had := o[k]
		if !had {
			return nil, false
		}
		nv := copyOrKeep(ov, xv)
		same = same && identical(ov, nv)
		if !unchanged(ov, nv) {
			if out == nil {
				out = maps.Clone(o)
			}
			out[k] = nv
		}
	}
	if same {
		return o, true
	}
	if out == nil { // o holds a NaN, never identical to itself
		out = maps.Clone(o)
	}
	return shareLeaf(out), true
}

// overwriteList is copyOrKeep(o, x) for lists o and x of one length: o
// itself when every element copyOrKeep gives is identical to o's, else
// a copy of o with the elements that are not o's.
func overwriteList(o, x []any) []any {
	var out []any
	same := true
	for i, xv := range x {
		nv := copyOrKeep(o[i], xv)
		same = same && identical(o[i], nv)
		if !unchanged(o[i], nv) {
			if out == nil {
				out = slices.Clone(o)
			}
			out[i] = nv
		}
	}
	if same {
		return o
	}
	if out == nil { // o holds a NaN, never identical to itself
		out = slices.Clone(o)
	}
	return out
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
