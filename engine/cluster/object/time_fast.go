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
	// The digits are read in pairs, unrolled: bad collects, for every
	// byte, a nonzero value when it is not a digit.
	var bad uint
	var y1, y2 int
	y1, bad = digitPair(s, 0, bad)
	y2, bad = digitPair(s, 2, bad)
	d.year = y1*100 + y2
	d.month, bad = digitPair(s, 5, bad)
	d.day, bad = digitPair(s, 8, bad)
	d.hour, bad = digitPair(s, 11, bad)
	d.minute, bad = digitPair(s, 14, bad)
	d.sec, bad = digitPair(s, 17, bad)
	if frac > 0 {
		if s[19] != '.' {
			return d, false
		}
		var f1, f2, f3 int
		f1, bad = digitPair(s, 20, bad)
		f2, bad = digitPair(s, 22, bad)
		f3, bad = digitPair(s, 24, bad)
		d.nsec = (f1*10000 + f2*100 + f3) * 1000 // six digits: microseconds
	}
	if bad != 0 {
		return d, false
	}
	if d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysIn(time.Month(d.month), d.year) || d.hour > 23 || d.minute > 59 || d.sec > 59 {
		return d, false
	}
	return d, true
}

// digitPair reads the two ASCII digits of s at i: their value, and bad
// with a nonzero bit added when either byte is not a digit. A byte's
// distance from '0' is taken as a byte, so one below '0' wraps to 246 or
// more; from 10 to 255, adding 6 reaches 16, a bit the digits never set.
func digitPair(s string, i int, bad uint) (int, uint) {
	a, b := uint(s[i]-'0'), uint(s[i+1]-'0')
	return int(a*10 + b), bad | (a+6)>>4 | (b+6)>>4
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

// appendCanonicalUTC appends t in UTC, whose year there must have four
// digits, in the canonical form with frac digits of fraction (0 or 6).
func appendCanonicalUTC(b []byte, t time.Time, frac int) []byte {
	secs := t.Unix()
	days := secs / secondsPerDay
	if secs%secondsPerDay < 0 {
		days--
	}
	year, month, day := civilFromDays(days)
	clock := int(secs - days*secondsPerDay)
	var buf [canonicalMicroTimeLen]byte
	putPair(buf[0:], year/100)
	putPair(buf[2:], year%100)
	buf[4] = '-'
	putPair(buf[5:], month)
	buf[7] = '-'
	putPair(buf[8:], day)
	buf[10] = 'T'
	putPair(buf[11:], clock/3600)
	buf[13] = ':'
	putPair(buf[14:], clock/60%60)
	buf[16] = ':'
	putPair(buf[17:], clock%60)
	n := 19
	if frac > 0 {
		us := t.Nanosecond() / 1000
		buf[19] = '.'
		putPair(buf[20:], us/10000)
		putPair(buf[22:], us/100%100)
		putPair(buf[24:], us%100)
		n = 26
	}
	buf[n] = 'Z'
	return append(b, buf[:n+1]...)
}

// secondsPerDay is the length of a UTC day, which has no leap seconds
// in Go's time.
const secondsPerDay = 24 * 60 * 60

// civilFromDays is the proleptic Gregorian date of the day days after
// 1970-01-01, as time.Time.Date gives it in UTC (Howard Hinnant's
// civil_from_days, "chrono-Compatible Low-Level Date Algorithms").
func civilFromDays(days int64) (year, month, day int) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365]
	mp := (5*doy + 2) / 153                                // [0, 11], from March
	day = int(doy - (153*mp+2)/5 + 1)
	month = int(mp + 3)
	if month > 12 {
		month -= 12
	}
	year = int(yoe + era*400)
	if month <= 2 {
		year++
	}
	return year, month, day
}

// twoDigits holds the two ASCII digits of every number below 100.
const twoDigits = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// putPair writes v, below 100, as two digits at the start of b.
func putPair(b []byte, v int) {
	b[0], b[1] = twoDigits[2*v], twoDigits[2*v+1]
}

// The first and last second with a four-digit year: 0000-01-01T00:00:00Z
// and 9999-12-31T23:59:59Z.
const (
	minCanonicalUnix = -62167219200
	maxCanonicalUnix = 253402300799
)

// formatCanonicalUTC is t in UTC in the canonical form with frac digits
// of fraction (0 or 6), or as layout formats it when its year does not
// have the four digits the canonical forms are written with.
func formatCanonicalUTC(t time.Time, frac int, layout string) string {
	if u := t.Unix(); u < minCanonicalUnix || u > maxCanonicalUnix {
		return t.UTC().Format(layout)
	}
	var buf [canonicalMicroTimeLen]byte
	return string(appendCanonicalUTC(buf[:0], t, frac))
}
