package object

import (
	"strings"
	"testing"
	"time"
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

// TestTimeBox: the box of a time is replaced when the instant changes.
func TestTimeBox(t *testing.T) {
	var tb TimeBox
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	for _, tm := range []time.Time{t0, t0, t0.In(time.FixedZone("x", 3600)), t0.Add(time.Microsecond), {}} {
		if got, want := tb.Of(tm, FormatMicroTime), FormatMicroTime(tm); got != want {
			t.Errorf("TimeBox of %v = %v, want %v", tm, got, want)
		}
	}
}
