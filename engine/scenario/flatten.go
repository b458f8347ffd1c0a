package scenario

import (
	"slices"
	"strconv"
	"sync"

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
	f := flatteners.Get().(*flattener)
	defer flatteners.Put(f)
	return f.flatten(o)
}

// flatteners lend their buffers to one Flatten after another, across
// runs: a result shares none of them.
var flatteners = sync.Pool{New: func() any { return new(flattener) }}

// rank places a top-level field.
func rank(k string) int {
	if i := slices.Index(topOrder, k); i >= 0 {
		return i
	}
	return len(topOrder)
}

// flattener flattens objects (see Flatten), reusing its buffers from one
// object to the next: a result shares none of them. The paths are
// appended to one buffer that becomes a single string at the end, each
// field's path a slice of it, so a field costs no allocation of its own.
type flattener struct {
	// paths holds the paths of the fields found so far, back to back;
	// ends[i] is where the i-th ends.
	paths []byte
	ends  []int
	// fields are the fields found so far, their paths not yet set.
	fields []result.Field
	// keys is a stack of sorted map keys: each map's keys sit above its
	// parents' while its fields are walked.
	keys []string
}

// flatten is Flatten, with f's buffers. It walks the fields of the tree
// o.ToMap would make, in Fields' order, without making the tree's top
// level: apiVersion, kind and metadata come first, then the content
// (which never holds those three).
func (f *flattener) flatten(o *object.Object) *result.Object {
	out := &result.Object{APIVersion: o.APIVersion, Kind: o.Kind, Namespace: o.Meta.Namespace, Name: o.Meta.Name, Source: o}
	f.paths, f.ends, f.fields, f.keys = f.paths[:0], f.ends[:0], f.fields[:0], f.keys[:0]
	path := make([]byte, 0, 128)
	f.walk(append(path, ".apiVersion"...), o.APIVersion)
	f.walk(append(path, ".kind"...), o.Kind)
	md := o.Meta.ToMap()
	delete(md, "managedFields")
	f.walk(append(path, ".metadata"...), md)
	keys := f.sortedKeys(o.Content)
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	for _, k := range keys {
		f.walk(append(append(path, '.'), k...), o.Content[k])
	}
	out.Fields = f.result()
	return out
}

// walk appends the leaf fields under path. The path grows in place as
// the walk descends: only a leaf's full path is copied, into the buffer.
func (f *flattener) walk(path []byte, v any) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			f.add(path, "{}")
		}
		mark := len(f.keys)
		for _, k := range f.sortedKeys(v) {
			f.walk(appendField(path, k), v[k])
		}
		f.keys = f.keys[:mark]
	case []any:
		if len(v) == 0 {
			f.add(path, "[]")
		}
		for i, x := range v {
			f.walk(appendIndex(path, i), x)
		}
	default:
		f.add(path, leafText(v))
	}
}

// add appends a leaf field, copying its path into the buffer.
func (f *flattener) add(path []byte, value string) {
	f.paths = append(f.paths, path...)
	f.ends = append(f.ends, len(f.paths))
	f.fields = append(f.fields, result.Field{Value: value})
}

// sortedKeys pushes a map's keys, sorted, onto the key stack and returns
// them. The caller pops them (truncates the stack to its length before
// the call) when done; what it pushes in between lies above them, so the
// returned slice stays as it was even when the stack grows elsewhere.
func (f *flattener) sortedKeys(m map[string]any) []string {
	mark := len(f.keys)
	f.keys = object.AppendSortedKeys(f.keys, m)
	return f.keys[mark:]
}

// result returns a copy of the fields found, their paths cut from one
// string; nil when there are none.
func (f *flattener) result() []result.Field {
	if len(f.fields) == 0 {
		return nil
	}
	paths := string(f.paths)
	out := slices.Clone(f.fields)
	from := 0
	for i, to := range f.ends {
		out[i].Path = paths[from:to]
		from = to
	}
	return out
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
