package cache

import (
	"fmt"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
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

// Entries added as new (no look-up) and entries added with one end up
// in the same set: the positions a long set looks entries up by are made
// on its first look-up, and are right through later adds, removals and
// compactions.
func TestEntrySetAddNewThenLookUp(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int // entries added as new
		remove int // every remove-th of them is then removed (0: none)
	}{
		{"small", 3, 2},
		{"at the threshold", smallEntrySet, 2},
		{"past the threshold", smallEntrySet + 1, 3},
		{"long, no removal", 50, 0},
		{"long, compacted", 100, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newEntrySet()
			var want []*entry
			for i := range tc.n {
				e := &entry{key: string(rune('a' + i%26))}
				s.addNew(e)
				want = append(want, e)
			}
			if tc.remove > 0 {
				kept := want[:0:0]
				for i, e := range want {
					if i%tc.remove == 0 {
						s.remove(e)
						continue
					}
					kept = append(kept, e)
				}
				want = kept
			}
			for _, e := range want {
				s.add(e) // known: no change
			}
			late := &entry{key: "late"}
			s.addNew(late)
			want = append(want, late)
			var got []*entry
			s.each(func(e *entry) bool { got = append(got, e); return true })
			if !slices.Equal(got, want) || s.len() != len(want) {
				t.Fatalf("%d entries %v, want %d %v", s.len(), got, len(want), want)
			}
			for _, e := range want {
				if i, ok := s.indexOf(e); !ok || s.list[i] != e {
					t.Errorf("%s at %d (%v)", e.key, i, ok)
				}
			}
		})
	}
}

// An indexer that starts empty indexes by namespace the objects that come
// one by one later, and keeps the index right as objects go and come
// back, however many share a namespace.
func TestNamespaceIndexOfObjectsAddedLater(t *testing.T) {
	for _, n := range []int{1, smallEntrySet, smallEntrySet + 1, 40} {
		var c Indexer
		c.initNamespaceIndex()
		objs := make([]*object.Object, n)
		for i := range objs {
			o := object.New("v1", "ConfigMap")
			o.Meta.Namespace, o.Meta.Name = "demo", fmt.Sprintf("cm-%02d", i)
			objs[i] = o
			c.Add(o)
		}
		other := object.New("v1", "ConfigMap")
		other.Meta.Namespace, other.Meta.Name = "other", "cm"
		c.Add(other)
		c.Delete(objs[0])
		c.Add(objs[0]) // back, now last in insertion order
		want := append(slices.Clone(objs[1:]), objs[0])
		got, err := c.ByIndex(NamespaceIndex, "demo")
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("n=%d: demo holds %d objects (%v), want %d", n, len(got), err, len(want))
		}
		if got, _ := c.ByIndex(NamespaceIndex, "other"); len(got) != 1 || got[0] != other {
			t.Errorf("n=%d: other holds %v", n, got)
		}
	}
}
