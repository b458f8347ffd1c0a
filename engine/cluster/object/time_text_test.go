package object

import (
	"testing"
	"time"
)

// FormatTime's remembered text is the text time.Format gives, for
// instants repeated, alternating, in other zones, with fractions of a
// second, and far from now.
func TestFormatTimeAgreesWithTimeFormat(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("east", 5*3600+1800), time.FixedZone("west", -8*3600)}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var instants []time.Time
	for _, d := range []time.Duration{0, 0, time.Nanosecond, 999 * time.Millisecond, time.Second, 0, time.Second,
		-time.Nanosecond, 24 * time.Hour, 0, 40 * time.Second} {
		instants = append(instants, base.Add(d))
	}
	instants = append(instants, time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Unix(0, 0), time.Unix(-1, 500), time.Unix(1<<40, 0))
	for _, in := range instants {
		for _, z := range zones {
			tm := in.In(z)
			for range 2 {
				want := tm.UTC().Format(time.RFC3339)
				if got := FormatTime(tm); got != want {
					t.Errorf("FormatTime(%v) = %q, want %q", tm, got, want)
				}
				if got := timeTreeValue(tm); got != want {
					t.Errorf("timeTreeValue(%v) = %v, want %q", tm, got, want)
				}
			}
		}
	}
}
