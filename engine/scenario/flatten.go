package scenario

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// eventObject returns the stored object an event concerned (a binding's
// or a status write's Pod, a NOTIFY's object) as it was right after event
// at, flattened for display; nil when the event names no stored object.
func (s *Session) eventObject(e *trace.Event, at int) *result.Object {
	if e.Resource == "" || e.Name == "" {
		return nil
	}
	k, ok := s.Cluster.Env().Kinds.ByResource(e.Group, e.Resource)
	if !ok {
		return nil
	}
	ns := e.Namespace
	if !k.Namespaced {
		ns = ""
	}
	o := s.History.At(ObjectKey{Group: k.Group, Kind: k.Kind, Namespace: ns, Name: e.Name}, at)
	if o == nil {
		return nil
	}
	if f, ok := s.flat[o]; ok {
		return f
	}
	f := Flatten(o)
	if s.flat == nil {
		s.flat = map[*object.Object]*result.Object{}
	}
	s.flat[o] = f
	return f
}

// topOrder is the order of an object's top-level fields in Fields, as
// kubectl prints them; others follow, sorted.
var topOrder = []string{"apiVersion", "kind", "metadata", "spec", "status"}

// Flatten turns an object into its leaf fields in path order (top-level
// fields as kubectl prints them, map keys sorted, list items in order),
// leaving out metadata.managedFields, and its YAML as kubectl get -o yaml
// prints it.
func Flatten(o *object.Object) *result.Object {
	out := &result.Object{APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Meta.Namespace, Name: o.Meta.Name,
		YAML: string(object.EncodeYAML(o, object.OrderKubernetes))}
	tree := o.ToMap()
	if md, ok := tree["metadata"].(map[string]any); ok {
		delete(md, "managedFields")
	}
	keys := sortedKeys(tree)
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	for _, k := range keys {
		leaves(&out.Fields, "."+k, tree[k])
	}
	return out
}

// rank places a top-level field.
func rank(k string) int {
	if i := slices.Index(topOrder, k); i >= 0 {
		return i
	}
	return len(topOrder)
}

// leaves appends the leaf fields under path.
func leaves(out *[]result.Field, path string, v any) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			*out = append(*out, result.Field{Path: path, Value: "{}"})
		}
		for _, k := range sortedKeys(v) {
			leaves(out, path+object.Path{{Kind: object.StepField, Name: k}}.String(), v[k])
		}
	case []any:
		if len(v) == 0 {
			*out = append(*out, result.Field{Path: path, Value: "[]"})
		}
		for i, x := range v {
			leaves(out, fmt.Sprintf("%s[%d]", path, i), x)
		}
	default:
		*out = append(*out, result.Field{Path: path, Value: valueText(v, true)})
	}
}

// sortedKeys returns a map's keys, sorted.
func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
