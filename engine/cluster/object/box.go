package object

import "time"

// StringBox is the boxed form of the string last asked for. Putting a
// string into a tree (a map[string]any) boxes it, an allocation; a writer
// that renders the same few strings again and again (a Pod's status, a
// Lease renewal) keeps one StringBox per field and shares the box, which
// is safe because nothing can change a string through its interface.
type StringBox struct {
	s string
	v any
}

// Of returns s boxed, reusing the box when s is the string last boxed.
func (b *StringBox) Of(s string) any {
	if b.v == nil || b.s != s {
		b.s, b.v = s, s
	}
	return b.v
}

// TimeBox is the boxed text of the instant last asked for: StringBox for
// a timestamp a renderer writes again and again.
type TimeBox struct {
	t time.Time
	v any
}

// Of returns t formatted by format and boxed, reusing the box when t is
// the instant last formatted. A box is used with one format only, whose
// text depends on the instant alone (FormatTime, FormatMicroTime).
func (b *TimeBox) Of(t time.Time, format func(time.Time) string) any {
	if b.v == nil || !b.t.Equal(t) {
		b.t, b.v = t, format(t)
	}
	return b.v
}
