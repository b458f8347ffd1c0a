package cron

import (
	"testing"
	"time"
)

// Errors read as robfig/cron v3 words them (kube-apiserver v1.37 answers
// a CronJob with these schedules so).
func TestParseErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"bad schedule":  "expected exactly 5 fields, found 2: [bad schedule]",
		"1 2 3 4 5 6":   "expected exactly 5 fields, found 6: [1 2 3 4 5 6]",
		"61 * * * *":    "end of range (61) above maximum (59): 61",
		"0-61 * * * *":  "end of range (61) above maximum (59): 0-61",
		"5-2 * * * *":   "beginning of range (5) beyond end of range (2): 5-2",
		"*/0 * * * *":   "step of range should be a positive number: */0",
		"x * * * *":     `failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax`,
		"@foo":          "unrecognized descriptor: @foo",
		"* * 0 * *":     "beginning of range (0) below minimum (1): 0",
		"1-2-3 * * * *": "too many hyphens: 1-2-3",
		"":              "empty spec string",
	} {
		_, err := ParseStandard(spec)
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", spec, err, want)
		}
	}
}

// Next finds the following activation.
func TestNext(t *testing.T) {
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // a Thursday
	for _, c := range []struct {
		spec string
		want time.Time
	}{
		{"*/1 * * * *", from.Add(time.Minute)},
		{"*/15 * * * *", from.Add(15 * time.Minute)},
		{"30 2 * * *", time.Date(2026, 1, 1, 2, 30, 0, 0, time.UTC)},
		{"0 0 * * mon", time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)},
		{"0 9 1-7 * mon", time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}, // day of month or Monday
		{"0 9 */10 * *", time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)},
		{"0 0 29 feb *", time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC)},
		{"0 0 30 feb *", time.Time{}},
		{"@hourly", from.Add(time.Hour)},
		{"@daily", from.Add(24 * time.Hour)},
		{"@monthly", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)},
		{"@every 90s", from.Add(90 * time.Second)},
		{"CRON_TZ=America/New_York 0 9 * * *", time.Date(2026, 1, 1, 14, 0, 0, 0, time.UTC)},
	} {
		s, err := ParseStandard(c.spec)
		if err != nil {
			t.Fatalf("%q: %v", c.spec, err)
		}
		if got := s.Next(from); !got.Equal(c.want) {
			t.Errorf("%q: next %s, want %s", c.spec, got, c.want)
		}
	}
}
