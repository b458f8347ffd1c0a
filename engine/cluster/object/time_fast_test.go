package object

import (
	"math/rand/v2"
	"testing"
	"time"
)

// timeTexts are canonical and near-canonical timestamps: the fast path
// must agree with time.Parse on every one of them.
var timeTexts = []string{
	"2026-11-30T16:47:40Z", "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
	"2000-02-29T23:59:59Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
	"2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
	"2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00.5Z", "2026-01-01 00:00:00Z", "2026-1-01T00:00:00Z",
	"2026-11-30T16:47:40.123456Z", "2026-11-30T16:47:40.12345Z", "2026-11-30T16:47:40.1234567Z",
	"2026-11-30T16:47:40,123456Z", "2026-11-30T16:47:4a.123456Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z",
	"", "Z", "2026-11-30T16:47:40z", "+026-11-30T16:47:40Z",
}

// timeForms are the two canonical forms: with no fraction (Time), and
// with six digits of it (MicroTime).
var timeForms = []struct {
	frac   int
	layout string
}{{0, time.RFC3339}, {6, MicroTimeLayout}}

// parseAndCheck is parseCanonicalUTC(s, frac), reporting through fail
// when isCanonicalUTC does not accept the same text.
func parseAndCheck(s string, frac int, fail func(format string, args ...any)) (time.Time, bool) {
	got, ok := parseCanonicalUTC(s, frac)
	if valid := isCanonicalUTC(s, frac); valid != ok {
		fail("isCanonicalUTC(%q, %d) = %t, parseCanonicalUTC's ok %t", s, frac, valid, ok)
	}
	return got, ok
}

// TestCanonicalTimeAgreesWithTime checks the fast path against time.Parse
// for both forms: it accepts only what time.Parse accepts, with the same
// instant, and leaves the rest to it; the check without a parse accepts
// the same texts.
func TestCanonicalTimeAgreesWithTime(t *testing.T) {
	accepted := 0
	for _, s := range timeTexts {
		for _, f := range timeForms {
			got, ok := parseAndCheck(s, f.frac, t.Errorf)
			want, err := time.Parse(f.layout, s)
			if !ok {
				continue
			}
			accepted++
			if err != nil {
				t.Errorf("parseCanonicalUTC(%q, %d) accepted what time.Parse rejects: %v", s, f.frac, err)
			} else if got != want {
				t.Errorf("parseCanonicalUTC(%q, %d) = %v, time.Parse %v", s, f.frac, got, want)
			}
		}
	}
	if accepted != 6 {
		t.Errorf("the fast path accepted %d texts, want 6", accepted)
	}
}

// TestCanonicalTimeFormat checks FormatTime and FormatMicroTime against
// time.Format, years outside four digits included.
func TestCanonicalTimeFormat(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(2026, 11, 30, 16, 47, 40, 123456789, time.UTC),
		time.Date(2024, 2, 29, 0, 0, 0, 999, time.FixedZone("x", 3600)),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(12345, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		if got, want := formatTimeText(tm), tm.UTC().Format(time.RFC3339); got != want {
			t.Errorf("formatTimeText(%v) = %q, want %q", tm, got, want)
		}
		if got, want := FormatMicroTime(tm), tm.UTC().Format(MicroTimeLayout); got != want {
			t.Errorf("FormatMicroTime(%v) = %q, want %q", tm, got, want)
		}
	}
}

// TestCanonicalTimeFormatEveryDay checks the fast formatting against
// time.Format on a day of every month of the years 0000 to 9999 at a
// seeded random instant, on every day of a few years around the leap
// rules' edges, and at the first and last second of the four-digit years
// and the seconds beyond them.
func TestCanonicalTimeFormatEveryDay(t *testing.T) {
	check := func(tm time.Time) {
		t.Helper()
		if got, want := formatTimeText(tm), tm.UTC().Format(time.RFC3339); got != want {
			t.Fatalf("formatTimeText(%v) = %q, want %q", tm, got, want)
		}
		if got, want := FormatMicroTime(tm), tm.UTC().Format(MicroTimeLayout); got != want {
			t.Fatalf("FormatMicroTime(%v) = %q, want %q", tm, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for y := 0; y <= 9999; y++ {
		for m := time.January; m <= time.December; m++ {
			check(time.Date(y, m, 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1e9), time.UTC))
		}
	}
	for _, y := range []int{0, 1, 4, 100, 1600, 1900, 1969, 1970, 2000, 2024, 2100, 9999} {
		for d := time.Date(y, 1, 1, 23, 59, 59, 999999999, time.UTC); d.Year() == y; d = d.AddDate(0, 0, 1) {
			check(d)
		}
	}
	for _, u := range []int64{minCanonicalUnix - 1, minCanonicalUnix, -1, 0, 1, maxCanonicalUnix, maxCanonicalUnix + 1} {
		check(time.Unix(u, 0))
		check(time.Unix(u, 999999999))
	}
}

// FuzzCanonicalTime checks that the fast parse never accepts what
// time.Parse rejects, nor returns another instant, that the check
// without a parse agrees with it, and that formatting round-trips.
func FuzzCanonicalTime(f *testing.F) {
	for _, s := range timeTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fr := range timeForms {
			got, ok := parseAndCheck(s, fr.frac, t.Fatalf)
			if !ok {
				continue
			}
			want, err := time.Parse(fr.layout, s)
			if err != nil || got != want {
				t.Fatalf("parseCanonicalUTC(%q, %d) = %v; time.Parse %v, %v", s, fr.frac, got, want, err)
			}
			if back := string(appendCanonicalUTC(nil, got, fr.frac)); back != s {
				t.Fatalf("format of %q gave %q", s, back)
			}
		}
	})
}
