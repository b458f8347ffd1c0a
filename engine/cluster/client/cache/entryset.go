package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// entry is one cached object. It keeps its identity for its whole life in
// the cache, so index sets can hold it by pointer.
type entry struct {
	key   string
	obj   *object.Object
	epoch uint64 // the last relist that saw it
	slot  int    // position in the cache's entryList
	// vals holds, per index that keeps them (indexDef.slot), the values
	// the entry is indexed under.
	vals [][]string
}

// entrySet is an insertion-ordered set of entries: add and remove are O(1)
// and iteration follows insertion order, so everything built on it is
// deterministic without sorting.
type entrySet struct {
	pos   map[*entry]int
	list  []*entry // nil where an entry was removed
	holes int
}

func newEntrySet() *entrySet { return &entrySet{pos: map[*entry]int{}} }

func (s *entrySet) len() int { return len(s.list) - s.holes }

func (s *entrySet) add(e *entry) {
	if _, ok := s.pos[e]; ok {
		return
	}
	s.pos[e] = len(s.list)
	s.list = append(s.list, e)
}

func (s *entrySet) remove(e *entry) {
	i, ok := s.pos[e]
	if !ok {
		return
	}
	delete(s.pos, e)
	s.list[i] = nil
	s.holes++
	if s.holes > 32 && s.holes*2 > len(s.list) {
		s.compact()
	}
}

func (s *entrySet) compact() {
	n := 0
	for _, e := range s.list {
		if e != nil {
			s.list[n] = e
			s.pos[e] = n
			n++
		}
	}
	clear(s.list[n:])
	s.list = s.list[:n]
	s.holes = 0
}

// each calls fn for every entry in insertion order until fn returns false.
func (s *entrySet) each(fn func(*entry) bool) {
	for _, e := range s.list {
		if e != nil && !fn(e) {
			return
		}
	}
}

// entryList is the cache's own insertion order. Each entry is in it once,
// so it keeps its position in the entry instead of a map.
type entryList struct {
	list  []*entry
	holes int
}

func (l *entryList) add(e *entry) {
	e.slot = len(l.list)
	l.list = append(l.list, e)
}

func (l *entryList) remove(e *entry) {
	l.list[e.slot] = nil
	l.holes++
	if l.holes > 32 && l.holes*2 > len(l.list) {
		n := 0
		for _, x := range l.list {
			if x != nil {
				x.slot = n
				l.list[n] = x
				n++
			}
		}
		clear(l.list[n:])
		l.list = l.list[:n]
		l.holes = 0
	}
}

func (l *entryList) each(fn func(*entry) bool) {
	for _, e := range l.list {
		if e != nil && !fn(e) {
			return
		}
	}
}
