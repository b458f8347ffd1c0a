package replicaset

import (
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

func intAt(m map[string]any, key string) int64 {
	n, _ := intOf(m[key])
	return n
}

// parseTime reads a metav1.Time string; the zero time when absent.
func parseTime(v any) time.Time {
	s, _ := v.(string)
	if s == "" {
		return time.Time{}
	}
	t, err := object.ParseTime(s)
	if err != nil {
		return time.Time{}
	}
	return t
}
