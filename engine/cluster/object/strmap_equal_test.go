package object

import "testing"

// TestEqualStringMaps checks EqualStringMaps against maps.Equal's answers:
// one map held twice, equal copies, absent and empty maps, and maps of one
// size that differ in a key or a value.
func TestEqualStringMaps(t *testing.T) {
	m := map[string]string{"a": "1", "b": "2"}
	for _, c := range []struct {
		a, b map[string]string
		want bool
	}{
		{m, m, true},
		{m, map[string]string{"b": "2", "a": "1"}, true},
		{nil, map[string]string{}, true},
		{nil, nil, true},
		{m, map[string]string{"a": "1", "c": "2"}, false},
		{m, map[string]string{"a": "1", "b": "3"}, false},
		{m, map[string]string{"a": "1"}, false},
		{nil, m, false},
	} {
		if got := EqualStringMaps(c.a, c.b); got != c.want {
			t.Errorf("EqualStringMaps(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := EqualStringMaps(c.b, c.a); got != c.want {
			t.Errorf("EqualStringMaps(%v, %v) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
