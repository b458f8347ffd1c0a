package object

import (
	"strings"
)

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
func Diff(old, new *Object) []Change { return AppendDiff(nil, old, new) }

// AppendDiff appends Diff(old, new) to dst and returns the extended
// slice, so that a caller diffing on every write can reuse one list
// instead of growing a new one each time.
func AppendDiff(dst []Change, old, new *Object) []Change {
	if old == nil && new == nil {
		return dst
	}
	d := differ{out: dst}
	if old == nil || new == nil {
		var a, b map[string]any
		if old != nil {
			a = old.ToMap()
		}
		if new != nil {
			b = new.ToMap()
		}
		d.maps(a, b)
		return d.out
	}
	// Top-level keys in sorted order; metadata is compared on the typed
	// Meta so that an unchanged metadata costs no allocation.
	var buf [keyBufLen]string
	keys := buf[:0]
	if old.APIVersion != new.APIVersion {
		keys = append(keys, "apiVersion")
	}
	if old.Kind != new.Kind {
		keys = append(keys, "kind")
	}
	if !metaEqual(&old.Meta, &new.Meta) {
		keys = append(keys, "metadata")
	}
	keys = appendDifferingKeys(keys, old.Content, new.Content)
	for _, k := range keys {
		switch k {
		case "apiVersion":
			d.scalarField(k, old.APIVersion, new.APIVersion)
		case "kind":
			d.scalarField(k, old.Kind, new.Kind)
		case "metadata":
			d.push(Step{Kind: StepField, Name: k})
			d.meta(&old.Meta, &new.Meta)
			d.pop()
		default:
			d.differingField(k, old.Content, new.Content)
		}
	}
	return d.out
}

func (d *differ) scalarField(k, a, b string) {
	if a == b {
		return
	}
	d.push(Step{Kind: StepField, Name: k})
	switch {
	case a == "":
		d.emit(Set, nil, b)
	case b == "":
		d.emit(Removed, a, nil)
	default:
		d.emit(Changed, a, b)
	}
	d.pop()
}

// meta diffs two Metas in metaFieldOrder's keys sorted, converting to
// trees only the fields that differ.
func (d *differ) meta(a, b *Meta) {
	for _, k := range sortedMetaKeys {
		if metaFieldEqual(k, a, b) {
			continue
		}
		av, inA := metaFieldValue(k, a)
		bv, inB := metaFieldValue(k, b)
		d.push(Step{Kind: StepField, Name: k})
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

// differ collects the changes. The path to the value being compared is
// kept in buf, on the stack, and only its steps beyond buf's length in
// deeper.
type differ struct {
	out    []Change
	buf    [16]Step
	n      int
	deeper []Step
}

func (d *differ) emit(op ChangeOp, old, new any) {
	p := Path(d.buf[:min(d.n, len(d.buf))])
	if d.n > len(d.buf) {
		p = append(p[:len(p):len(p)], d.deeper...)
	}
	d.out = append(d.out, Change{Op: op, Path: p.String(), Old: old, New: new})
}

func (d *differ) push(s Step) {
	if d.n < len(d.buf) {
		d.buf[d.n] = s
	} else {
		d.deeper = append(d.deeper, s)
	}
	d.n++
}

func (d *differ) pop() {
	d.n--
	if d.n >= len(d.buf) {
		d.deeper = d.deeper[:len(d.deeper)-1]
	}
}

func (d *differ) maps(a, b map[string]any) {
	var buf [keyBufLen]string
	for _, k := range appendDifferingKeys(buf[:0], a, b) {
		d.differingField(k, a, b)
	}
}

// keyBufLen is the room for keys Diff keeps on the stack: most maps of an
// object have fewer keys, and larger ones spill to the heap.
const keyBufLen = 16

// appendDifferingKeys appends the keys whose values differ between a and
// b (present on one side only, or not EqualValues), each once, and sorts
// everything keys then holds. The keys of unchanged values, most of an
// object's, are compared once and never sorted.
func appendDifferingKeys(keys []string, a, b map[string]any) []string {
	common := 0
	for k, av := range a {
		bv, inB := b[k]
		if inB {
			common++
		}
		if !inB || !EqualValues(av, bv) {
			keys = append(keys, k)
		}
	}
	if common < len(b) {
		for k := range b {
			if _, inA := a[k]; !inA {
				keys = append(keys, k)
			}
		}
	}
	sortStrings(keys)
	return keys
}

// differingField records the difference at key k of two maps, known to
// differ there (see appendDifferingKeys).
func (d *differ) differingField(k string, a, b map[string]any) {
	av, inA := a[k]
	bv, inB := b[k]
	d.push(Step{Kind: StepField, Name: k})
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

func (d *differ) value(a, b any) {
	switch at := a.(type) {
	case map[string]any:
		if bt, ok := b.(map[string]any); ok {
			d.maps(at, bt)
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
		keyOf := func(e any) string { v, _ := e.(map[string]any)[k].(string); return v }
		find := func(l []any, v string) int {
			for i, e := range l {
				if keyOf(e) == v {
					return i
				}
			}
			return -1
		}
		for _, e := range b {
			v := keyOf(e)
			i := find(a, v)
			if i >= 0 && EqualValues(a[i], e) {
				continue
			}
			d.push(Step{Kind: StepMatch, Key: k, Value: v})
			if i >= 0 {
				d.value(a[i], e)
			} else {
				d.emit(Set, nil, e)
			}
			d.pop()
		}
		for _, e := range a {
			if v := keyOf(e); find(b, v) < 0 {
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
			if !EqualValues(a[i], b[i]) {
				d.value(a[i], b[i])
			}
		}
		d.pop()
	}
}

// listKey returns "name" or "type" when every element of both lists is a
// map holding a unique, non-empty string under it. Long lists are compared
// by index: keyed matching is quadratic.
func listKey(a, b []any) string {
	if len(a) == 0 && len(b) == 0 || len(a) > 64 || len(b) > 64 {
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
	for i, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			return false
		}
		v, ok := m[k].(string)
		if !ok || v == "" || strings.ContainsAny(v, "]\"") {
			return false
		}
		for _, prev := range l[:i] {
			if pv, _ := prev.(map[string]any)[k].(string); pv == v {
				return false
			}
		}
	}
	return true
}
