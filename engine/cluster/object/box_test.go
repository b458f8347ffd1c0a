package object

import (
	"strings"
	"testing"
)

// TestStringBox: a box gives back the string asked for, follows it when
// it changes, and shares one box while it does not.
func TestStringBox(t *testing.T) {
	var b StringBox
	for _, s := range []string{"Running", "Running", "Succeeded", "", "a"} {
		if got := b.Of(s); got != s {
			t.Errorf("Of(%q) = %v", s, got)
		}
	}
	s := strings.Repeat("ab", 2) // not a constant: boxing it anew allocates
	if n := testing.AllocsPerRun(10, func() { _ = b.Of(s) }); n != 0 {
		t.Errorf("boxing the string last boxed allocates %v objects", n)
	}
}
