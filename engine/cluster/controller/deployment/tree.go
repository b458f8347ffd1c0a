package deployment

import (
	"maps"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Small readers of object trees; a missing or mistyped field reads as
// its zero value.

func intOf(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case float64:
		return int64(n), n == float64(int64(n))
	case int:
		return int64(n), true
	}
	return 0, false
}

func int32At(m map[string]any, key string) int32 {
	n, _ := intOf(m[key])
	return int32(n)
}

// optInt32 reads a field that is a pointer in the API: nil when absent.
func optInt32(m map[string]any, key string) *int32 {
	n, ok := intOf(m[key])
	if !ok {
		return nil
	}
	v := int32(n)
	return &v
}

func stringOf(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// cloneAnnotations returns a copy that may be written.
func cloneAnnotations(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return maps.Clone(m)
}

// parseTime reads a metav1.Time string; the zero time when absent.
func parseTime(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := object.ParseTime(s)
	if err != nil {
		return time.Time{}
	}
	return t
}
