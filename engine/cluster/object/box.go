package object

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
