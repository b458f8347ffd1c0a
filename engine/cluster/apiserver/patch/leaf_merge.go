package patch

import (
	"maps"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Most maps a status patch changes are leaves (a condition, a
// container's state), and most of the leaves it makes are equal to one
// kept already (see shareLeaf). For those, the merged leaf is worked out
// in an array on the stack and looked up among the kept leaves before
// any map is made: a map is made only for a leaf not kept.

// mergeLeaf returns keepTarget(old, m) for m the merge of patch into tm,
// old's map (nil when old is none), and true, when tm is a leaf and
// patch sets scalars and deletes with nulls, with no directive; else
// false, and the caller merges.
func mergeLeaf(old any, tm, patch map[string]any) (any, bool) {
	if len(tm) > maxLeafEntries {
		return nil, false
	}
	var buf [maxLeafEntries]entry
	es, ok := leafEntries(buf[:0], tm)
	if !ok {
		return nil, false
	}
	// A merge into no map makes a new one, even an empty one.
	changed := tm == nil
	for k, pv := range patch {
		if strings.HasPrefix(k, "$") || pv != nil && !leafScalar(pv) {
			return nil, false
		}
		i := entryIndex(es, k)
		switch {
		case pv == nil:
			if i >= 0 {
				es = append(es[:i], es[i+1:]...)
				changed = true
			}
		case i >= 0:
			changed = changed || !identical(es[i].val, pv)
			es[i].val = pv
		case len(es) == maxLeafEntries:
			return nil, false
		default:
			es = append(es, entry{k, pv})
			changed = true
		}
	}
	if !changed {
		return old, true
	}
	return keptLeaf(es, nil, false), true
}

// shareLeafCopy returns shareLeaf(object.DeepCopyValue(p)) for p a map
// from a patch, without copying p when an equal leaf is kept.
func shareLeafCopy(p map[string]any) any {
	if p == nil || len(p) > maxLeafEntries {
		return shareLeaf(object.DeepCopyValue(p))
	}
	var buf [maxLeafEntries]entry
	es, ok := leafEntries(buf[:0], p)
	if !ok {
		return object.DeepCopyValue(p)
	}
	return keptLeaf(es, p, false)
}

// replaceLeaf returns copyOrKeep(o, x), and true, for x, a map from a
// patch, a leaf: o itself when it holds the same entries (identical
// values), else shareLeafCopy(x). It is false when x is no leaf.
func replaceLeaf(o, x map[string]any) (any, bool) {
	if len(x) > maxLeafEntries {
		return nil, false
	}
	var buf [maxLeafEntries]entry
	es := buf[:0]
	same := len(o) == len(x)
	for k, v := range x {
		if !leafScalar(v) {
			return nil, false
		}
		if same {
			ov, had := o[k]
			same = had && identical(ov, v)
		}
		es = append(es, entry{k, v})
	}
	if same {
		return o, true
	}
	return keptLeaf(es, x, false), true
}

// keptLeaf returns the kept leaf equal to es, a leaf's entries, or keeps
// and returns a map of them: like itself when own (a map new to the
// result), else a clone of like, a map with the same entries, or, with
// none, a new one.
func keptLeaf(es []entry, like map[string]any, own bool) map[string]any {
	h := leafHash(es)
	leaves.mu.Lock()
	defer leaves.mu.Unlock()
	slot := &leaves.slots[h>>(64-leafSlotBits)]
	if kept := *slot; kept != nil && sameLeaf(kept, es) {
		return kept
	}
	var m map[string]any
	switch {
	case own:
		m = like
	case like != nil:
		m = maps.Clone(like)
	default:
		m = make(map[string]any, len(es))
		for _, e := range es {
			m[e.key] = e.val
		}
	}
	*slot = m
	return m
}

// sameLeaf reports whether the leaf kept holds the entries es, with
// equal scalars of the same types.
func sameLeaf(kept map[string]any, es []entry) bool {
	if len(kept) != len(es) {
		return false
	}
	for _, e := range es {
		v, ok := kept[e.key]
		if !ok || !sameScalar(v, e.val) {
			return false
		}
	}
	return true
}

// leafScalar reports whether v is a scalar a leaf may hold (entryHash).
func leafScalar(v any) bool {
	switch v.(type) {
	case nil, string, bool, int64, float64, int, int32:
		return true
	}
	return false
}

// entryIndex is the index of key k in es, or -1.
func entryIndex(es []entry, k string) int {
	for i := range es {
		if es[i].key == k {
			return i
		}
	}
	return -1
}
