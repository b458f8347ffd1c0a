package object

import "testing"

func TestSameValue(t *testing.T) {
	m := map[string]any{"a": int64(1)}
	l := []any{"x", "y"}
	tests := []struct {
		name string
		a, b any
		want bool
	}{
		{"one map", m, m, true},
		{"an equal map built apart", m, map[string]any{"a": int64(1)}, false},
		{"one slice", l, l, true},
		{"a shorter view of it", l, l[:1], false},
		{"an equal slice built apart", l, []any{"x", "y"}, false},
		{"equal strings", "a", "a", true},
		{"a number and a string", int64(1), "1", false},
		{"equal numbers", int64(2), int64(2), true},
		{"nil and nil", nil, nil, true},
		{"nil and a map", nil, m, false},
		{"a map and nil", m, nil, false},
	}
	for _, tt := range tests {
		if got := SameValue(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: SameValue = %v", tt.name, got)
		}
	}
}
