package cache

import (
	"slices"
	"testing"
)

// An entrySet keeps insertion order and membership the same whether it
// scans its list (small) or keeps a map (large), across the switch and
// through removals and compactions.
func TestEntrySetSmallAndLarge(t *testing.T) {
	for _, n := range []int{3, smallEntrySet, smallEntrySet + 1, 100} {
		s := newEntrySet()
		var es []*entry
		for i := range n {
			e := &entry{key: string(rune('a' + i%26))}
			es = append(es, e)
			s.add(e)
			s.add(e) // again: no change
		}
		var want []*entry
		for i, e := range es {
			if i%3 == 0 {
				s.remove(e)
				s.remove(e) // again: no change
				continue
			}
			want = append(want, e)
		}
		var got []*entry
		s.each(func(e *entry) bool { got = append(got, e); return true })
		if !slices.Equal(got, want) || s.len() != len(want) {
			t.Errorf("n=%d: %d entries in order %v, want %d", n, s.len(), got, len(want))
		}
		for _, e := range want {
			if _, ok := s.indexOf(e); !ok {
				t.Errorf("n=%d: %s lost", n, e.key)
			}
		}
	}
}
