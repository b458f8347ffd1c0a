package replicaset

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Small readers of object trees; a missing or mistyped field reads as
// its zero value.

func intAt(m map[string]any, key string) int64 {
	n, _ := object.Int(m[key])
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
