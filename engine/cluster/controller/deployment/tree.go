package deployment

import (
	"maps"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Small readers of object trees; a missing or mistyped field reads as
// its zero value.

func int32At(m map[string]any, key string) int32 {
	n, _ := object.Int(m[key])
	return int32(n)
}

// optInt32 reads a field that is a pointer in the API: nil when absent.
func optInt32(m map[string]any, key string) *int32 {
	n, ok := object.Int(m[key])
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
