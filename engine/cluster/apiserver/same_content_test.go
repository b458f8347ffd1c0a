package apiserver

import (
	"math/rand/v2"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestPlaneSameObjectPlain checks Plane.sameObject, whatever its hint,
// against the plain sameObject, for random contents and their copies with
// a change at the top, one level down or deeper, a field added or
// removed, a list or a map shared, or none.
func TestPlaneSameObjectPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	keys := []string{"spec", "status", "data", "a", "b"}
	var value func(depth int) any
	value = func(depth int) any {
		switch n := rng.IntN(8); {
		case n == 0 && depth < 3:
			m := map[string]any{}
			for range rng.IntN(4) {
				m[keys[rng.IntN(len(keys))]] = value(depth + 1)
			}
			return m
		case n == 1 && depth < 3:
			return []any{value(depth + 1), value(depth + 1)}
		case n == 2:
			return int64(rng.IntN(3))
		case n == 3:
			return float64(rng.IntN(3))
		case n == 4:
			return rng.IntN(2) == 0
		case n == 5:
			return nil
		}
		return []string{"x", "y", "2026-01-01T00:00:00.000000Z"}[rng.IntN(3)]
	}
	// change changes m in place somewhere at most depth maps down.
	var change func(m map[string]any, depth int)
	change = func(m map[string]any, depth int) {
		k := keys[rng.IntN(len(keys))]
		if sub, ok := m[k].(map[string]any); ok && depth > 0 && rng.IntN(3) != 0 {
			change(sub, depth-1)
			return
		}
		switch rng.IntN(3) {
		case 0:
			delete(m, k)
		default:
			m[k] = value(2)
		}
	}
	p := &Plane{}
	hints := []diffHint{{}, {"spec", "renewTime"}, {"spec", "a"}, {"status", "b"}, {"data", "x"}, {"a", "spec"}}
	for i := range 20000 {
		content := map[string]any{}
		for range rng.IntN(5) {
			content[keys[rng.IntN(len(keys))]] = value(1)
		}
		old := &object.Object{APIVersion: "v1", Kind: "ConfigMap", Content: content}
		old.Meta.Name = "a"
		o := old.DeepCopy()
		switch rng.IntN(6) {
		case 0: // no change
		case 1:
			o.Content = old.Content // one map
		case 2:
			o.Meta.Labels = map[string]string{"k": "v"}
		default:
			for range 1 + rng.IntN(2) {
				change(o.Content, rng.IntN(3))
			}
		}
		if rng.IntN(4) != 0 {
			p.hint = hints[rng.IntN(len(hints))]
		}
		if got, want := p.sameObject(old, o), sameObject(old, o); got != want {
			t.Fatalf("case %d: Plane.sameObject = %t, sameObject %t (hint %v)\nold %v\nnew %v", i, got, want, p.hint, old.Content, o.Content)
		}
	}
}
