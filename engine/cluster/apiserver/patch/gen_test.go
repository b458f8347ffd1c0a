package patch

import (
	"math"
	"math/rand/v2"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Random trees and patches for TestStrategicMatchesReference: Pod-like
// trees over a few field names, so that lists merge on their keys, as
// sets or not at all, and patches that mostly repeat their target, with
// a few changes, nulls and directives.

var (
	mapFields  = []string{"metadata", "spec", "status", "state", "m"}
	listFields = []string{"conditions", "containers", "finalizers", "ports", "env", "addresses", "volumeMounts", "l"}
	leafFields = []string{"name", "type", "image", "a", "b", "port", "containerPort", "mountPath"}
	mergeKeyOf = map[string]string{"conditions": "type", "addresses": "type", "containers": "name", "env": "name",
		"ports": "port", "volumeMounts": "mountPath", "l": "name"}
	scalars = []any{"x", "y", "", int64(1), int64(0), float64(1), float64(1.5), true, false, nil,
		float64(0), math.Copysign(0, -1), math.NaN()}
)

func pick[T any](r *rand.Rand, l []T) T { return l[r.IntN(len(l))] }

// randomMap is a map of a few fields of each sort.
func randomMap(r *rand.Rand, depth int, _ string) map[string]any {
	m := map[string]any{}
	for range r.IntN(4) {
		k := pick(r, leafFields)
		m[k] = pick(r, scalars)
	}
	if depth < 3 {
		for range r.IntN(3) {
			k := pick(r, mapFields)
			switch r.IntN(10) {
			case 0:
				m[k] = map[string]any(nil)
			case 1:
				m[k] = map[string]any{}
			default:
				m[k] = randomMap(r, depth+1, k)
			}
		}
		for range r.IntN(3) {
			k := pick(r, listFields)
			m[k] = randomList(r, depth+1, k)
		}
	}
	return m
}

// randomList is a list of scalars, or of maps with the merge key a list
// of its name would have (now and then without it).
func randomList(r *rand.Rand, depth int, name string) []any {
	switch r.IntN(12) {
	case 0:
		return nil
	case 1:
		return []any{}
	}
	n := r.IntN(4)
	l := make([]any, n)
	scalarList := name == "finalizers" || r.IntN(6) == 0
	for i := range l {
		if scalarList {
			l[i] = pick(r, []any{"a", "b", "c", int64(1), float64(1)})
			continue
		}
		e := randomMap(r, depth+1, name)
		if key := mergeKeyOf[name]; key != "" && r.IntN(10) > 0 {
			e[key] = pick(r, []any{"k1", "k2", "k3", int64(80), float64(80)})
		}
		l[i] = e
	}
	return l
}

// derivePatch is a patch of target: some fields as they are, some
// changed, deleted, added, and now and then a directive.
func derivePatch(r *rand.Rand, target map[string]any, depth int) map[string]any {
	p := map[string]any{}
	var keys [32]string
	for _, k := range object.AppendSortedKeys(keys[:0], target) {
		switch c := r.IntN(20); {
		case c < 7:
		case c < 12:
			p[k] = object.DeepCopyValue(target[k])
		case c < 17:
			p[k] = deriveValue(r, target[k], depth+1, k)
		case c < 18:
			p[k] = nil
		default:
			p[k] = randomValue(r, depth+1, k)
		}
	}
	switch r.IntN(30) {
	case 0:
		p[directiveMarker] = replaceDirective
	case 1:
		p[directiveMarker] = pick(r, []any{deleteDirective, "bogus"})
	case 2:
		p[retainKeys] = []any{"a"}
	case 3:
		p[setElementOrder+pick(r, listFields)] = []any{map[string]any{"name": "k1"}}
	case 4, 5:
		p[deleteFromPrimitive+pick(r, []string{"finalizers", "l", "a"})] = []any{"a", int64(1)}
	case 6, 7:
		p[pick(r, append(leafFields, mapFields...))] = randomValue(r, depth+1, "")
	}
	return p
}

// deriveValue is a patch value for the target value v.
func deriveValue(r *rand.Rand, v any, depth int, name string) any {
	switch x := v.(type) {
	case map[string]any:
		return derivePatch(r, x, depth)
	case []any:
		return deriveList(r, x, depth, name)
	}
	return pick(r, scalars)
}

// deriveList is a patch of the list l: its elements kept, changed,
// deleted by directive or new ones, now and then in another order or
// with a list-level replace.
func deriveList(r *rand.Rand, l []any, depth int, name string) []any {
	var out []any
	for _, e := range l {
		switch c := r.IntN(10); {
		case c < 3:
		case c < 6:
			out = append(out, object.DeepCopyValue(e))
		case c < 8:
			if m, ok := e.(map[string]any); ok {
				out = append(out, derivePatch(r, m, depth+1))
			} else {
				out = append(out, pick(r, scalars))
			}
		case c < 9:
			if m, ok := e.(map[string]any); ok {
				if key := mergeKeyOf[name]; key != "" {
					out = append(out, map[string]any{key: m[key], directiveMarker: deleteDirective})
				}
			}
		default:
			out = append(out, randomList(r, depth+1, name)...)
		}
	}
	if r.IntN(15) == 0 {
		out = append(out, map[string]any{directiveMarker: replaceDirective})
	}
	if len(out) > 1 && r.IntN(5) == 0 {
		out[0], out[len(out)-1] = out[len(out)-1], out[0]
	}
	if out == nil && r.IntN(2) == 0 {
		return []any{}
	}
	return out
}

// randomValue is a new value for a field named name.
func randomValue(r *rand.Rand, depth int, name string) any {
	if depth > 4 {
		return pick(r, scalars)
	}
	switch r.IntN(4) {
	case 0:
		return randomMap(r, depth, name)
	case 1:
		return randomList(r, depth, pick(r, listFields))
	}
	return pick(r, scalars)
}

// mutatePatch is a copy of p with a few of its fields, down to the
// third level, set to patches of target's.
func mutatePatch(r *rand.Rand, p, target map[string]any) map[string]any {
	q := object.DeepCopyValue(p).(map[string]any)
	mutateIn(r, q, target, 0)
	return q
}

func mutateIn(r *rand.Rand, q, target map[string]any, depth int) {
	var keys [32]string
	for _, k := range object.AppendSortedKeys(keys[:0], q) {
		tv := target[k]
		switch c := r.IntN(10); {
		case c < 2 && tv != nil:
			q[k] = deriveValue(r, tv, depth+1, k)
		case c < 3:
			delete(q, k)
		default:
			qm, ok1 := q[k].(map[string]any)
			tm, ok2 := tv.(map[string]any)
			if ok1 && ok2 && depth < 3 {
				mutateIn(r, qm, tm, depth+1)
			}
		}
	}
}
