package object

import "strings"

// ChangeOp says what happened at a path.
type ChangeOp uint8

const (
	// Set: the path did not exist before.
	Set ChangeOp = iota + 1
	// Changed: the value at the path differs.
	Changed
	// Removed: the path no longer exists.
	Removed
)

func (op ChangeOp) String() string {
	switch op {
	case Set:
		return "set"
	case Changed:
		return "changed"
	case Removed:
		return "removed"
	}
	return "unknown"
}

// Change is one difference between two objects.
type Change struct {
	Op ChangeOp
	// Path in ParsePath's form: ".spec.replicas",
	// ".status.conditions[type=Available].status",
	// `.metadata.annotations["deployment.kubernetes.io/revision"]`.
	Path string
	Old  any // nil for Set
	New  any // nil for Removed
}

// Diff lists the leaf-level differences from old to new: map keys in
// sorted order; a list whose elements are all maps with a unique "name" (or
// else "type") on both sides is compared by that key ([type=Ready]),
// ignoring order; other lists by index. A new or removed subtree is one
// change carrying the whole value. Either side may be nil (create, delete).
func Diff(old, new *Object) []Change {
	d := differ{}
	var a, b map[string]any
	if old != nil {
		a = old.ToMap()
	}
	if new != nil {
		b = new.ToMap()
	}
	d.maps(nil, a, b)
	return d.out
}

type differ struct {
	out  []Change
	path []Step
}

func (d *differ) emit(op ChangeOp, old, new any) {
	d.out = append(d.out, Change{Op: op, Path: Path(d.path).String(), Old: old, New: new})
}

func (d *differ) push(s Step) { d.path = append(d.path, s) }
func (d *differ) pop()        { d.path = d.path[:len(d.path)-1] }

func (d *differ) maps(_ []Step, a, b map[string]any) {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sortStrings(keys)
	for _, k := range keys {
		d.push(Step{Kind: StepField, Name: k})
		av, inA := a[k]
		bv, inB := b[k]
		switch {
		case !inA:
			d.emit(Set, nil, bv)
		case !inB:
			d.emit(Removed, av, nil)
		default:
			d.value(av, bv)
		}
		d.pop()
	}
}

func (d *differ) value(a, b any) {
	switch at := a.(type) {
	case map[string]any:
		if bt, ok := b.(map[string]any); ok {
			d.maps(nil, at, bt)
			return
		}
	case []any:
		if bt, ok := b.([]any); ok {
			d.lists(at, bt)
			return
		}
	}
	if !EqualValues(a, b) {
		d.emit(Changed, a, b)
	}
}

func (d *differ) lists(a, b []any) {
	if k := listKey(a, b); k != "" {
		idx := make(map[string]int, len(a))
		for i, e := range a {
			v, _ := e.(map[string]any)[k].(string)
			idx[v] = i
		}
		seen := make(map[string]bool, len(b))
		for _, e := range b {
			v, _ := e.(map[string]any)[k].(string)
			seen[v] = true
			d.push(Step{Kind: StepMatch, Key: k, Value: v})
			if i, ok := idx[v]; ok {
				d.value(a[i], e)
			} else {
				d.emit(Set, nil, e)
			}
			d.pop()
		}
		for _, e := range a {
			v, _ := e.(map[string]any)[k].(string)
			if !seen[v] {
				d.push(Step{Kind: StepMatch, Key: k, Value: v})
				d.emit(Removed, e, nil)
				d.pop()
			}
		}
		return
	}
	n := len(a)
	if len(b) > n {
		n = len(b)
	}
	for i := 0; i < n; i++ {
		d.push(Step{Kind: StepIndex, Index: i})
		switch {
		case i >= len(a):
			d.emit(Set, nil, b[i])
		case i >= len(b):
			d.emit(Removed, a[i], nil)
		default:
			d.value(a[i], b[i])
		}
		d.pop()
	}
}

// listKey returns "name" or "type" when every element of both lists is a
// map holding a unique, non-empty string under it.
func listKey(a, b []any) string {
	if len(a) == 0 && len(b) == 0 {
		return ""
	}
	for _, k := range []string{"name", "type"} {
		if uniqueKey(a, k) && uniqueKey(b, k) {
			return k
		}
	}
	return ""
}

func uniqueKey(l []any, k string) bool {
	seen := make(map[string]bool, len(l))
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			return false
		}
		v, ok := m[k].(string)
		if !ok || v == "" || seen[v] || strings.ContainsAny(v, "]\"") {
			return false
		}
		seen[v] = true
	}
	return true
}
