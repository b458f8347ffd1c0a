package scenario

import (
	"slices"
	"strconv"

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
// leaving out metadata.managedFields. The object itself is kept as the
// result's Source, for its YAML.
func Flatten(o *object.Object) *result.Object {
	out := &result.Object{APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Meta.Namespace, Name: o.Meta.Name, Source: o}
	tree := o.ToMap()
	if md, ok := tree["metadata"].(map[string]any); ok {
		delete(md, "managedFields")
	}
	keys := sortedKeys(tree)
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	path := make([]byte, 0, 128)
	for _, k := range keys {
		leaves(&out.Fields, append(append(path, '.'), k...), tree[k])
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

// leaves appends the leaf fields under path. The path grows in place as
// the walk descends: only a leaf's full path becomes a string.
func leaves(out *[]result.Field, path []byte, v any) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			*out = append(*out, result.Field{Path: string(path), Value: "{}"})
		}
		for _, k := range sortedKeys(v) {
			leaves(out, appendField(path, k), v[k])
		}
	case []any:
		if len(v) == 0 {
			*out = append(*out, result.Field{Path: string(path), Value: "[]"})
		}
		for i, x := range v {
			leaves(out, appendIndex(path, i), x)
		}
	default:
		*out = append(*out, result.Field{Path: string(path), Value: leafText(v)})
	}
}

// appendField appends a field step to path as object.Path writes it:
// ".name", or ["name"] when the name is not a plain word.
func appendField(path []byte, name string) []byte {
	if object.PlainKey(name) {
		return append(append(path, '.'), name...)
	}
	return append(path, object.Path{{Kind: object.StepField, Name: name}}.String()...)
}

// appendIndex appends a list index step, "[i]", to path.
func appendIndex(path []byte, i int) []byte {
	path = append(path, '[')
	path = strconv.AppendInt(path, int64(i), 10)
	return append(path, ']')
}

// leafText is a leaf's value as a field shows it (see valueText), with
// the common scalars written without going through fmt.
func leafText(v any) string {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	}
	return valueText(v, true)
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
