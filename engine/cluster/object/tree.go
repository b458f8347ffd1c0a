package object

import "math"

// Helpers that read and write nested tree values for views, defaulting and
// validation; readers never allocate when the path is absent.

// mapAt returns the map at keys, or nil.
func mapAt(m map[string]any, keys ...string) map[string]any {
	cur := m
	for _, k := range keys {
		next, ok := cur[k].(map[string]any)
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

func listAt(m map[string]any, keys ...string) []any {
	if len(keys) == 0 {
		return nil
	}
	parent := mapAt(m, keys[:len(keys)-1]...)
	if parent == nil {
		return nil
	}
	l, _ := parent[keys[len(keys)-1]].([]any)
	return l
}

func stringAt(m map[string]any, keys ...string) string {
	if len(keys) == 0 || m == nil {
		return ""
	}
	parent := mapAt(m, keys[:len(keys)-1]...)
	if parent == nil {
		return ""
	}
	s, _ := parent[keys[len(keys)-1]].(string)
	return s
}

// intAt returns an integer field; float64 values that hold an integer count.
func intAt(m map[string]any, keys ...string) (int64, bool) {
	if len(keys) == 0 || m == nil {
		return 0, false
	}
	parent := mapAt(m, keys[:len(keys)-1]...)
	if parent == nil {
		return 0, false
	}
	return asInt(parent[keys[len(keys)-1]])
}

func boolAt(m map[string]any, keys ...string) (bool, bool) {
	if len(keys) == 0 || m == nil {
		return false, false
	}
	parent := mapAt(m, keys[:len(keys)-1]...)
	if parent == nil {
		return false, false
	}
	b, ok := parent[keys[len(keys)-1]].(bool)
	return b, ok
}

func asInt(v any) (int64, bool) {
	switch t := v.(type) {
	case int64:
		return t, true
	case float64:
		if t == math.Trunc(t) && math.Abs(t) < 1<<63 {
			return int64(t), true
		}
	}
	return 0, false
}

// ensureMap returns m[key] as a map, creating it (or replacing a non-map).
func ensureMap(m map[string]any, key string) map[string]any {
	if c, ok := m[key].(map[string]any); ok {
		return c
	}
	c := map[string]any{}
	m[key] = c
	return c
}

// setDefault sets m[key] = v when key is absent or null.
func setDefault(m map[string]any, key string, v any) {
	if cur, ok := m[key]; !ok || cur == nil {
		m[key] = v
	}
}

// stringMap converts a tree map of strings to map[string]string, skipping
// non-string values.
func stringMap(v any) map[string]string {
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, e := range m {
		if s, ok := e.(string); ok {
			out[k] = s
		}
	}
	return out
}

// MapAt returns the map nested at keys in m, or nil when a key is missing
// or does not hold a map: the reader controllers and printers use on
// object trees.
func MapAt(m map[string]any, keys ...string) map[string]any { return mapAt(m, keys...) }

// AsMap is v as a tree map, or nil.
func AsMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// AsList is v as a tree list, or nil.
func AsList(v any) []any {
	l, _ := v.([]any)
	return l
}

// ListAt returns the list nested at keys in m, or nil.
func ListAt(m map[string]any, keys ...string) []any { return listAt(m, keys...) }

// StringAt returns the string nested at keys in m, or "".
func StringAt(m map[string]any, keys ...string) string { return stringAt(m, keys...) }

// Int reads a whole number of a tree: an int64, or a float64 with an
// integral value in int64's range; false for anything else.
func Int(v any) (int64, bool) { return asInt(v) }

// StringMap reads a tree map of strings (labels, a node selector) as a
// map[string]string, skipping other values; nil when empty.
func StringMap(v any) map[string]string { return stringMap(v) }

// StatusCondition returns the first condition of type t in a status's
// conditions list, as its tree, or nil: what controllers read from a
// Pod's Ready condition without building a typed view.
func StatusCondition(status map[string]any, t string) map[string]any {
	conds, _ := status["conditions"].([]any)
	for _, c := range conds {
		if m, _ := c.(map[string]any); m["type"] == t {
			return m
		}
	}
	return nil
}
