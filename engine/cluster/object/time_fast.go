package object

import "time"

// The API server writes its timestamps in two canonical UTC forms:
// metav1.Time as "2006-01-02T15:04:05Z" and metav1.MicroTime as
// "2006-01-02T15:04:05.000000Z". Every write of a Lease, an Event or a
// condition formats one and every write is checked by parsing it again,
// so those two forms are read and written here without the general
// layout machinery of package time. Any other text goes to time.Parse,
// which alone decides what is valid and words the error; the fast path
// accepts only what time.Parse accepts and returns the same instant.

// Lengths of the two canonical forms.
const (
	canonicalTimeLen      = len("2006-01-02T15:04:05Z")
	canonicalMicroTimeLen = len("2006-01-02T15:04:05.000000Z")
)

// parseCanonicalUTC parses s when it is in one of the canonical forms,
// with exactly frac digits of fraction (0 or 6); ok is false otherwise,
// and for any value out of range, so that time.Parse can word the error.
func parseCanonicalUTC(s string, frac int) (t time.Time, ok bool) {
	d, ok := canonicalUTCFields(s, frac)
	if !ok {
		return time.Time{}, false
	}
	return time.Date(d.year, time.Month(d.month), d.day, d.hour, d.minute, d.sec, d.nsec, time.UTC), true
}

// isCanonicalUTC reports whether parseCanonicalUTC takes s, without
// building the time: a decoder checking a field's format needs no more,
// and time.Date is most of a parse's cost.
func isCanonicalUTC(s string, frac int) bool {
	_, ok := canonicalUTCFields(s, frac)
	return ok
}

// dateFields are the parts of a canonical timestamp.
type dateFields struct{ year, month, day, hour, minute, sec, nsec int }

// canonicalUTCFields reads the parts of s in one of the canonical forms,
// with exactly frac digits of fraction (0 or 6), each in range; ok is
// false otherwise.
func canonicalUTCFields(s string, frac int) (d dateFields, ok bool) {
	n := canonicalTimeLen
	if frac > 0 {
		n += 1 + frac
	}
	if len(s) != n || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[n-1] != 'Z' {
		return d, false
	}
	var ok1, ok2, ok3, ok4, ok5, ok6 bool
	d.year, ok1 = digits(s[0:4])
	d.month, ok2 = digits(s[5:7])
	d.day, ok3 = digits(s[8:10])
	d.hour, ok4 = digits(s[11:13])
	d.minute, ok5 = digits(s[14:16])
	d.sec, ok6 = digits(s[17:19])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return d, false
	}
	if frac > 0 {
		if s[19] != '.' {
			return d, false
		}
		f, okf := digits(s[20 : 20+frac])
		if !okf {
			return d, false
		}
		d.nsec = f * 1000 // six digits: microseconds
	}
	if d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysIn(time.Month(d.month), d.year) || d.hour > 23 || d.minute > 59 || d.sec > 59 {
		return d, false
	}
	return d, true
}

// digits is the value of a run of ASCII digits; ok is false for any other
// byte.
func digits(s string) (v int, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// daysIn is the number of days of month m in year.
func daysIn(m time.Month, year int) int {
	if m == time.February {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 31 - int(m-1)%7%2
}

// appendCanonicalUTC appends t, which must be UTC with a four-digit
// year, in the canonical form with frac digits of fraction (0 or 6).
func appendCanonicalUTC(b []byte, t time.Time, frac int) []byte {
	year, month, day := t.Date()
	hour, minute, sec := t.Clock()
	b = appendDigits(b, year, 4)
	b = append(b, '-')
	b = appendDigits(b, int(month), 2)
	b = append(b, '-')
	b = appendDigits(b, day, 2)
	b = append(b, 'T')
	b = appendDigits(b, hour, 2)
	b = append(b, ':')
	b = appendDigits(b, minute, 2)
	b = append(b, ':')
	b = appendDigits(b, sec, 2)
	if frac > 0 {
		b = append(b, '.')
		b = appendDigits(b, t.Nanosecond()/1000, frac)
	}
	return append(b, 'Z')
}

// appendDigits appends v with exactly width digits.
func appendDigits(b []byte, v, width int) []byte {
	var buf [8]byte
	for i := width - 1; i >= 0; i-- {
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	return append(b, buf[:width]...)
}

// formatCanonicalUTC is t in UTC in the canonical form with frac digits
// of fraction (0 or 6), or as layout formats it when its year does not
// have the four digits the canonical forms are written with.
func formatCanonicalUTC(t time.Time, frac int, layout string) string {
	t = t.UTC()
	if y := t.Year(); y < 0 || y > 9999 {
		return t.Format(layout)
	}
	var buf [canonicalMicroTimeLen]byte
	return string(appendCanonicalUTC(buf[:0], t, frac))
}
