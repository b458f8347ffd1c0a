package patch

import (
	"maps"

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
			return shareLeaf(object.DeepCopyValue(v))
		}
		if sameMap(o, x) {
			return o
		}
		if sameKeys(o, x) {
			return shareLeaf(overwrite(o, x))
		}
		out := make(map[string]any, len(x))
		same := len(o) == len(x)
		for k, xv := range x {
			ov, had := o[k]
			nv := copyOrKeep(ov, xv)
			same = same && had && identical(ov, nv)
			out[k] = nv
		}
		if same {
			return o
		}
		return shareLeaf(out)
	case []any:
		o, ok := old.([]any)
		if !ok || o == nil || x == nil {
			return object.DeepCopyValue(v)
		}
		if sameList(o, x) {
			return o
		}
		out := make([]any, len(x))
		same := len(o) == len(x)
		for i, xv := range x {
			var ov any
			if i < len(o) {
				ov = o[i]
			}
			out[i] = copyOrKeep(ov, xv)
			same = same && identical(ov, out[i])
		}
		if same {
			return o
		}
		return out
	}
	return object.DeepCopyValue(v)
}

// sameKeys reports whether o and x have the same keys.
func sameKeys(o, x map[string]any) bool {
	if len(o) != len(x) {
		return false
	}
	for k := range x {
		if _, ok := o[k]; !ok {
			return false
		}
	}
	return true
}

// overwrite is copyOrKeep's map for x, a patch value with o's keys: a
// copy of o (cheaper to make than a map filled key by key), with the
// values copyOrKeep gives where they are not o's.
func overwrite(o, x map[string]any) map[string]any {
	out := maps.Clone(o)
	for k, xv := range x {
		ov := o[k]
		if nv := copyOrKeep(ov, xv); !unchanged(ov, nv) {
			out[k] = nv
		}
	}
	return out
}
