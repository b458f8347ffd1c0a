package object

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unsafe"
)

// The tree under an Object holds only these Go types: map[string]any, []any,
// string, int64, float64, bool and nil. Normalize converts other Go values
// (int, int32, map[string]string, []string, …) into them.

// DeepCopyValue returns a copy of a tree value that shares nothing mutable
// with v. Scalars are immutable and returned as they are.
func DeepCopyValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		return deepCopyMap(t)
	case []any:
		return deepCopySlice(t)
	default:
		return v
	}
}

func deepCopyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	c := make(map[string]any, len(m))
	for k, e := range m {
		switch t := e.(type) {
		case map[string]any:
			c[k] = deepCopyMap(t)
		case []any:
			c[k] = deepCopySlice(t)
		default:
			c[k] = e
		}
	}
	return c
}

func deepCopySlice(l []any) []any {
	if l == nil {
		return nil
	}
	s := make([]any, len(l))
	for i, e := range l {
		switch t := e.(type) {
		case map[string]any:
			s[i] = deepCopyMap(t)
		case []any:
			s[i] = deepCopySlice(t)
		default:
			s[i] = e
		}
	}
	return s
}

// Normalize converts a Go value into the tree's value types. It accepts the
// tree types themselves, every Go integer and float type, map[string]string,
// map[string]any (recursively), []string and []any; anything else is an
// error.
func Normalize(v any) (any, error) {
	switch t := v.(type) {
	case nil, string, int64, float64, bool:
		return t, nil
	case int:
		return int64(t), nil
	case int8:
		return int64(t), nil
	case int16:
		return int64(t), nil
	case int32:
		return int64(t), nil
	case uint:
		return normUint(uint64(t))
	case uint8:
		return int64(t), nil
	case uint16:
		return int64(t), nil
	case uint32:
		return int64(t), nil
	case uint64:
		return normUint(t)
	case float32:
		return float64(t), nil
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			n, err := Normalize(e)
			if err != nil {
				return nil, err
			}
			out[k] = n
		}
		return out, nil
	case map[string]string:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = e
		}
		return out, nil
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			n, err := Normalize(e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	case []string:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = e
		}
		return out, nil
	case []map[string]any:
		out := make([]any, len(t))
		for i, e := range t {
			n, err := Normalize(e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported value type %T", v)
}

func normUint(u uint64) (any, error) {
	if u > math.MaxInt64 {
		return float64(u), nil
	}
	return int64(u), nil
}

// EqualValues reports whether two tree values are equal. Numbers compare by
// value, so int64(1) equals float64(1), as JSON would have it.
func EqualValues(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if SameMap(x, y) {
			return true
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !EqualValues(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if len(x) == 0 || &x[0] == &y[0] {
			// One list (SameValue): a status write shares the stored
			// object's unchanged lists.
			return true
		}
		for i := range x {
			if !EqualValues(x[i], y[i]) {
				return false
			}
		}
		return true
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case float64:
			return x == y
		case int64:
			return x == float64(y)
		}
		return false
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

// sortedKeys returns the keys of m in byte order.
func sortedKeys(m map[string]any) []string {
	return AppendSortedKeys(make([]string, 0, len(m)), m)
}

// scalarString renders a scalar for matching list elements by key and for
// messages: strings as they are, numbers in JSON form.
func scalarString(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case int64:
		return strconv.FormatInt(t, 10), true
	case float64:
		return formatJSONFloat(t), true
	case bool:
		return strconv.FormatBool(t), true
	case nil:
		return "null", true
	}
	return "", false
}

// formatJSONFloat formats f as encoding/json does.
func formatJSONFloat(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	s := strconv.FormatFloat(f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		n := len(s)
		if n >= 4 && s[n-4] == 'e' && s[n-3] == '-' && s[n-2] == '0' {
			s = s[:n-2] + s[n-1:]
		}
	}
	return s
}

func sortStrings(s []string) { slices.Sort(s) }

// SameMap reports whether a and b are one map (a value shared by two
// objects, as a status write shares the stored object's spec, or by two
// renders, as the kubelet's status cache shares a condition).
func SameMap(a, b map[string]any) bool {
	// A map value is one pointer to the map's header: the one
	// reflect.Value.UnsafePointer gives, read without the detour.
	return *(*unsafe.Pointer)(unsafe.Pointer(&a)) == *(*unsafe.Pointer)(unsafe.Pointer(&b))
}

// SameValue reports whether a and b are one map (SameMap), or one list:
// one backing array, one length. Scalars are never the same value.
func SameValue(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && SameMap(x, y)
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	return false
}
