package kubectl

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// listAt returns the list at m[key], or nil.
func listAt(m map[string]any, key string) []any {
	l, _ := m[key].([]any)
	return l
}

// maps returns the map elements of a list, skipping others.
func maps(l []any) []map[string]any {
	out := make([]map[string]any, 0, len(l))
	for _, e := range l {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// str returns m[key] as text: strings as they are, numbers and booleans
// formatted, anything else "".
func str(m map[string]any, key string) string {
	switch v := m[key].(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case int:
		return strconv.Itoa(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// integer returns m[key] as a whole number, 0 when it is not one.
func integer(m map[string]any, key string) int64 {
	switch v := m[key].(type) {
	case int64:
		return v
	case int:
		return int64(v)
	case float64:
		return int64(v)
	}
	return 0
}

// boolean returns m[key] as a boolean, false when it is not one.
func boolean(m map[string]any, key string) bool {
	b, _ := m[key].(bool)
	return b
}

// spec and status return an object's spec and status maps (nil-safe).
func spec(o *object.Object) map[string]any   { return o.Spec() }
func status(o *object.Object) map[string]any { return o.Status() }

// orNone returns s, or "<none>" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}
