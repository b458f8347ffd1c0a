package patch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestStrategicMatchesReference: the merge gives what the reference
// (reference_test.go) gives, types and nil lists included, with the same
// errors, keeps at least the target values the reference keeps, shares
// nothing with the patch and leaves the target as it was: on hand-written
// patches with every directive, on the kubelets' status patches and on
// many patches made by changing random trees a little.
func TestStrategicMatchesReference(t *testing.T) {
	type tc struct {
		kind          string
		target, patch map[string]any
	}
	var cases []tc
	for _, h := range handCases {
		cases = append(cases, tc{h[0], tree(t, h[1]), tree(t, h[2])})
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range statusCases(t) {
		cases = append(cases, tc{c.Kind, c.Target, c.Patch})
		for range 50 {
			cases = append(cases, tc{c.Kind, c.Target, mutatePatch(r, c.Patch, c.Target)})
		}
	}
	kinds := []string{"Pod", "Node", "Service", "Deployment"}
	for range 20000 {
		target := randomMap(r, 0, "")
		cases = append(cases, tc{kinds[r.IntN(len(kinds))], target, mutatePatch(r, derivePatch(r, target, 0), target)})
	}
	var errs, merged, kept int
	for i, c := range cases {
		before := object.DeepCopyValue(c.target)
		want, werr := refStrategic(c.kind, c.target, object.DeepCopyValue(c.patch).(map[string]any))
		p := object.DeepCopyValue(c.patch).(map[string]any)
		got, gerr := Strategic(c.kind, c.target, p)
		name := fmt.Sprintf("case %d: %s %s into %s", i, c.kind, js(c.patch), js(c.target))
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%s: error %v, want %v", name, gerr, werr)
		}
		if !strictEqual(c.target, before) {
			t.Fatalf("%s: the target changed", name)
		}
		if werr != nil {
			errs++
			continue
		}
		merged++
		if keepsSome(want, c.target) {
			kept++
		}
		if !strictEqual(got, want) {
			t.Fatalf("%s:\ngot  %#v\nwant %#v", name, got, want)
		}
		if c.target != nil && object.SameMap(got, c.target) {
			t.Fatalf("%s: the result is the target itself", name)
		}
		if where := lostShare(want, got, c.target, "$"); where != "" {
			t.Fatalf("%s: the reference keeps the target's value at %s, the merge does not", name, where)
		}
		if where := sharesWith(got, collectRefs(p, map[uintptr]bool{}), "$"); where != "" {
			t.Fatalf("%s: the result holds the patch's value at %s", name, where)
		}
	}
	t.Logf("%d merges, %d of them keeping some of the target's values below the top; %d errors", merged, kept, errs)
	if errs < 100 || merged < 10000 || kept < 1000 {
		t.Errorf("the cases no longer cover errors, merges and kept values well: %d errors, %d merges, %d keeping", errs, merged, kept)
	}
}

// keepsSome reports whether a map or list of result's top-level fields
// is target's own.
func keepsSome(result, target map[string]any) bool {
	for k, v := range result {
		if object.SameValue(v, target[k]) {
			return true
		}
	}
	return false
}

// handCases are kind, target and patch of merges with every directive,
// nulls, nil and empty lists, numbers of both types and malformed lists.
var handCases = [][3]string{
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"}]}}`, `{"spec":{"$patch":"replace","containers":[{"name":"b"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"}]}}`, `{"spec":{"$patch":"bogus"}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"}]}}`, `{"spec":{"containers":[{"name":"a","$patch":"bogus"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b"}]}}`, `{"spec":{"containers":[{"$patch":"replace"},{"name":"c"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b"}]}}`, `{"spec":{"containers":[{"name":"b","$patch":"delete"},{"name":"zz","$patch":"delete"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"},{"name":"b"}]}}`, `{"spec":{"containers":[{"name":"a","image":"x"}],"$setElementOrder/containers":[{"name":"b"},{"name":"a"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a","image":"x"}]}}`, `{"spec":{"$retainKeys":["containers"],"containers":[{"name":"a"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a"}]}}`, `{"spec":{"containers":[{"image":"x"}]}}`},
	{"Pod", `{"spec":{"containers":[{"name":"a"}]}}`, `{"spec":{"containers":["a"]}}`},
	{"Pod", `{"metadata":{"finalizers":["a","b"]}}`, `{"metadata":{"finalizers":["a"]}}`},
	{"Pod", `{"metadata":{"finalizers":["a","b"]}}`, `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"],"finalizers":["c"]}}`},
	{"Pod", `{"metadata":{"finalizers":[]}}`, `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"]}}`},
	{"Pod", `{"metadata":{}}`, `{"metadata":{"finalizers":[]}}`},
	{"Pod", `{"metadata":{"finalizers":[]}}`, `{"metadata":{"finalizers":[]}}`},
	{"Pod", `{"status":{"conditions":[{"type":"Ready","status":"True"}]}}`, `{"status":{"conditions":[{"type":"Ready","status":"True"}],"$setElementOrder/conditions":[{"type":"Ready"}]}}`},
	{"Pod", `{"status":{"conditions":[{"type":"Ready","status":"True","reason":"r"}]}}`, `{"status":{"conditions":[{"type":"Ready","reason":null}]}}`},
	{"Pod", `{"status":{"conditions":[{"type":"Ready","status":"True"}]}}`, `{"status":{"conditions":[{"type":"Ready","status":"True","n":1.5}]}}`},
	{"Pod", `{"status":{"a":1,"b":null}}`, `{"status":{"a":1.5,"b":null,"c":null}}`},
	{"Pod", `{"status":{"a":1,"l":[1,2]}}`, `{"status":{"l":[1,2]}}`},
	{"Pod", `{"status":{"a":1,"l":[{"x":1},{"y":[1]}]}}`, `{"status":{"l":[{"x":1},{"y":[1]}]}}`},
	{"Pod", `{"status":{"a":1,"l":[{"x":1},{"y":[1]}]}}`, `{"status":{"l":[{"x":1},{"y":[2]}]}}`},
	{"Pod", `{"status":{"a":"s"}}`, `{"status":{"a":{"b":null}}}`},
	{"Pod", `{}`, `{"status":{"a":{"b":null}}}`},
	{"Pod", `{"status":{"m":{}}}`, `{"status":{"m":{}}}`},
	{"Node", `{"status":{"addresses":[{"type":"A","address":"1"}]}}`, `{"status":{"addresses":[{"type":"A","address":"1"}]}}`},
	{"Service", `{"spec":{"ports":[{"port":80,"name":"a"}]}}`, `{"spec":{"ports":[{"port":80,"name":"b"}]}}`},
	{"Service", `{"spec":{"ports":[{"port":80,"name":"a"}]}}`, `{"spec":{"ports":[{"port":80,"name":"a"}]}}`},
}

// lostShare is the path of a map or list of want that is target's value
// at the same path while got's is not, or "".
func lostShare(want, got, target any, path string) string {
	switch w := want.(type) {
	case map[string]any:
		g, _ := got.(map[string]any)
		tm, _ := target.(map[string]any)
		if tm != nil && object.SameMap(w, tm) && !object.SameMap(g, tm) {
			return path
		}
		for k, wv := range w {
			if p := lostShare(wv, g[k], tm[k], path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		g, _ := got.([]any)
		tl, _ := target.([]any)
		if len(w) > 0 && object.SameValue(w, tl) && !object.SameValue(g, tl) {
			return path
		}
		for i, wv := range w {
			var tv, gv any
			if i < len(tl) {
				tv = tl[i]
			}
			if i < len(g) {
				gv = g[i]
			}
			if p := lostShare(wv, gv, tv, fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// collectRefs adds to refs the address of every map and non-empty list
// in v.
func collectRefs(v any, refs map[uintptr]bool) map[uintptr]bool {
	switch x := v.(type) {
	case map[string]any:
		refs[reflect.ValueOf(x).Pointer()] = true
		for _, e := range x {
			collectRefs(e, refs)
		}
	case []any:
		if len(x) > 0 {
			refs[reflect.ValueOf(x).Pointer()] = true
		}
		for _, e := range x {
			collectRefs(e, refs)
		}
	}
	return refs
}

// sharesWith is the path of a map or list of v whose address is in refs,
// or "".
func sharesWith(v any, refs map[uintptr]bool, path string) string {
	switch x := v.(type) {
	case map[string]any:
		if x != nil && refs[reflect.ValueOf(x).Pointer()] {
			return path
		}
		for k, e := range x {
			if p := sharesWith(e, refs, path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		if len(x) > 0 && refs[reflect.ValueOf(x).Pointer()] {
			return path
		}
		for i, e := range x {
			if p := sharesWith(e, refs, fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// strictEqual reports whether a and b are equal trees with the same
// types throughout, nil lists and maps told from empty ones, and floats
// equal to the bit (so -0 is not 0, and NaN is itself).
func strictEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !strictEqual(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || (x == nil) != (y == nil) || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !strictEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	}
	return reflect.TypeOf(a) == reflect.TypeOf(b) && a == b
}
