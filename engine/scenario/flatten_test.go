package scenario

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Flatten lists the leaves of the object's whole tree (o.ToMap) in
// Fields' order, though it does not make the tree's top level.
func TestFlattenListsTheWholeTree(t *testing.T) {
	objs, err := Objects(spec.Document{Text: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: demo
  labels: {app: web, "example.com/tier": front}
  annotations: {note: "x"}
  ownerReferences: [{apiVersion: v1, kind: Thing, name: t, uid: u1, controller: true}]
  finalizers: [example.com/keep]
  generation: 2
spec:
  replicas: 3
  paused: false
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "web:v1", args: []}], nodeSelector: {}}
status: {replicas: 3}
data: {z: "1", a: "2"}
`})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range append(objs, object.New("v1", "ConfigMap")) {
		got := Flatten(o).Fields
		want := flattenTree(o.ToMap())
		if !slices.Equal(got, want) {
			t.Errorf("%s: Flatten gives\n%v\nthe tree's leaves are\n%v", o.Kind, got, want)
		}
	}
}

// flattenTree lists a tree's leaves as Flatten orders them, the tree made
// whole first.
func flattenTree(tree map[string]any) []result.Field {
	var out []result.Field
	var walk func(path []byte, v any)
	walk = func(path []byte, v any) {
		switch v := v.(type) {
		case map[string]any:
			if len(v) == 0 {
				out = append(out, result.Field{Path: string(path), Value: "{}"})
			}
			keys := object.AppendSortedKeys(nil, v)
			for _, k := range keys {
				walk(appendField(slices.Clip(path), k), v[k])
			}
		case []any:
			if len(v) == 0 {
				out = append(out, result.Field{Path: string(path), Value: "[]"})
			}
			for i, x := range v {
				walk(appendIndex(slices.Clip(path), i), x)
			}
		default:
			out = append(out, result.Field{Path: string(path), Value: leafText(v)})
		}
	}
	keys := object.AppendSortedKeys(nil, tree)
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	for _, k := range keys {
		walk([]byte("."+k), tree[k])
	}
	return out
}
