package sim

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Time is a virtual instant: the time elapsed since the start of the run.
// The zero Time is the start. Times compare with the usual operators.
type Time time.Duration

// Epoch is the wall-clock instant at which every run starts. It is fixed so
// that timestamps derived from virtual time are the same on every run.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Add returns t+d.
func (t Time) Add(d time.Duration) Time { return t + Time(d) }

// Sub returns the duration t-u.
func (t Time) Sub(u Time) time.Duration { return time.Duration(t - u) }

// Duration returns t as the duration since the start of the run.
func (t Time) Duration() time.Duration { return time.Duration(t) }

// Wall returns t as a wall-clock instant: [Epoch] plus t.
func (t Time) Wall() time.Time { return Epoch.Add(time.Duration(t)) }

// RFC3339 formats t as Kubernetes formats metav1.Time: UTC, whole seconds
// (k8s.io/apimachinery/pkg/apis/meta/v1/time.go, MarshalJSON uses
// t.UTC().AppendFormat(buf, time.RFC3339)).
func (t Time) RFC3339() string { return t.Wall().UTC().Format(time.RFC3339) }

// String formats t for traces and pages: hours and minutes when nonzero,
// then seconds with at least three decimals ("0.000s", "5.250s",
// "1m05.200s", "2h00m00.000s"). Digits below the millisecond are shown
// only when present ("1.000250s"), so the format is lossless and
// [ParseTime] reads it back exactly.
func (t Time) String() string {
	var b strings.Builder
	d := int64(t)
	if d < 0 {
		b.WriteByte('-')
		d = -d
	}
	const (
		sec  = int64(time.Second)
		min  = int64(time.Minute)
		hour = int64(time.Hour)
	)
	h, m := d/hour, d%hour/min
	s, ns := d%min/sec, d%sec
	switch {
	case h > 0:
		fmt.Fprintf(&b, "%dh%02dm%02d", h, m, s)
	case m > 0:
		fmt.Fprintf(&b, "%dm%02d", m, s)
	default:
		fmt.Fprintf(&b, "%d", s)
	}
	frac := fmt.Sprintf("%09d", ns)
	frac = strings.TrimRight(frac, "0")
	for len(frac) < 3 {
		frac += "0"
	}
	b.WriteByte('.')
	b.WriteString(frac)
	b.WriteByte('s')
	return b.String()
}

// ParseTime reads a Time written by [Time.String]. It also accepts any
// string time.ParseDuration accepts ("90s", "1m30s").
func ParseTime(s string) (Time, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("sim: bad time %s", strconv.Quote(s))
	}
	return Time(d), nil
}

// MarshalText encodes t as [Time.String] does.
func (t Time) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText decodes what MarshalText encodes.
func (t *Time) UnmarshalText(b []byte) error {
	v, err := ParseTime(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
