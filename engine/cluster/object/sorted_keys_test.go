package object

import (
	"slices"
	"testing"
)

// TestAppendSortedKeys: the keys are appended sorted among themselves,
// after what dst held, which is left as it was.
func TestAppendSortedKeys(t *testing.T) {
	got := AppendSortedKeys([]string{"z"}, map[string]int{"b": 1, "a": 2, "c": 3})
	if want := []string{"z", "a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := AppendSortedKeys[any](nil, nil); len(got) != 0 {
		t.Errorf("keys of no map: %v", got)
	}
	var buf [4]string
	m := map[string]bool{"x": true, "w": true}
	if n := testing.AllocsPerRun(10, func() { _ = AppendSortedKeys(buf[:0], m) }); n != 0 {
		t.Errorf("appending into a buffer with room allocates %v objects", n)
	}
}
