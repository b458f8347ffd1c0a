package object

import "time"

func timeValue(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return timeTreeValue(t)
}

func timePtrEqual(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

func timePtrValue(m *Meta) any {
	if m.DeletionTimestamp == nil {
		return nil
	}
	return timeTreeValue(*m.DeletionTimestamp)
}

// PtrEqual compares two optional values: both absent, or both present and
// equal.
func PtrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func int64PtrValue(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
