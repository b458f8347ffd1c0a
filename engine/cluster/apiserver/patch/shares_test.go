package patch

import (
	"testing"
)

// TestResultSharesNothingWithThePatch: a caller may keep and change its
// patch once it is applied (clients send theirs without copying), so no
// map or list of a patch may end up in a result.
func TestResultSharesNothingWithThePatch(t *testing.T) {
	target := `{"metadata":{"finalizers":["a"]},"spec":{"containers":[{"name":"web","image":"v1"}]},"status":{"conditions":[{"type":"Ready","status":"False"}]}}`
	patches := []string{
		`{"status":{"conditions":[{"type":"Ready","status":"True","extra":{"k":"v"}},{"type":"New","status":"True","extra":{"k":"v"}}]}}`,
		`{"spec":{"containers":[{"name":"web","env":[{"name":"A","value":"1"}]},{"name":"side","args":["x"]}]}}`,
		`{"metadata":{"finalizers":["b"],"labels":{"app":"web"}},"spec":{"tolerations":[{"key":"x"}]}}`,
		`{"spec":{"$patch":"replace","containers":[{"name":"only","args":["y"]}]}}`,
		`{"status":{"hostIPs":[{"ip":"10.0.0.1"}],"extra":{"nested":{"deep":["z"]}}}}`,
	}
	for _, p := range patches {
		for _, apply := range []struct {
			name string
			fn   func(target, patch map[string]any) (map[string]any, error)
		}{
			{"merge", func(a, b map[string]any) (map[string]any, error) { return Merge(a, b), nil }},
			{"strategic", func(a, b map[string]any) (map[string]any, error) { return Strategic("Pod", a, b) }},
		} {
			patch := tree(t, p)
			got, err := apply.fn(tree(t, target), patch)
			if err != nil {
				t.Fatalf("%s %s: %v", apply.name, p, err)
			}
			before := js(got)
			scribble(patch)
			if js(got) != before {
				t.Errorf("%s %s: changing the patch afterwards changed the result:\n%s\nwas\n%s", apply.name, p, js(got), before)
			}
		}
	}
}

// scribble changes every map and list inside v.
func scribble(v any) {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			scribble(e)
		}
		x["scribbled"] = true
	case []any:
		for i, e := range x {
			scribble(e)
			if _, ok := e.(string); ok {
				x[i] = "scribbled"
			}
		}
	}
}
