package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// entry is one cached object. It keeps its identity for its whole life in
// the cache, so index sets can hold it by pointer.
type entry struct {
	key   string
	obj   *object.Object
	epoch uint32 // the last relist that saw it (see SharedInformer.epoch)
	slot  int32  // position in the cache's entryList
	// vals holds, per index that keeps them (indexDef.slot), the values
	// the entry is indexed under.
	vals [][]string
}

// entrySet is an insertion-ordered set of entries: add and remove are O(1)
// and iteration follows insertion order, so everything built on it is
// deterministic without sorting. Most sets are small (the objects of one
// namespace, of one index value), so a set scans its list until it holds
// more than smallEntrySet entries, and only then keeps their positions in
// a map. The map is built when a look-up first needs it, not as entries
// come: an informer's first LIST fills its namespace sets with new
// entries, which need no look-up, and most are never removed.
type entrySet struct {
	pos   map[*entry]int // nil while the set is small or not yet searched
	list  []*entry       // nil where an entry was removed
	holes int
	// first is list's first backing, allocated with the set: most sets
	// hold a few entries.
	first [4]*entry
}

// smallEntrySet is the length of list up to which a set scans it.
const smallEntrySet = 8

func newEntrySet() *entrySet {
	s := &entrySet{}
	s.list = s.first[:0]
	return s
}

func (s *entrySet) len() int { return len(s.list) - s.holes }

// indexOf returns e's position in list, making the position map first
// when the list has grown too long to scan.
func (s *entrySet) indexOf(e *entry) (int, bool) {
	if s.pos == nil && len(s.list) > smallEntrySet {
		s.mapPositions()
	}
	if s.pos != nil {
		i, ok := s.pos[e]
		return i, ok
	}
	for i, x := range s.list {
		if x == e {
			return i, true
		}
	}
	return 0, false
}

// mapPositions makes the position map of a long list.
func (s *entrySet) mapPositions() {
	s.pos = make(map[*entry]int, 2*len(s.list))
	for i, x := range s.list {
		if x != nil {
			s.pos[x] = i
		}
	}
}

func (s *entrySet) add(e *entry) {
	if _, ok := s.indexOf(e); ok {
		return
	}
	s.addNew(e)
}

// addNew adds e, which the set is known not to hold (an entry new to the
// cache), without looking for it.
func (s *entrySet) addNew(e *entry) {
	if s.pos != nil {
		s.pos[e] = len(s.list)
	}
	s.list = append(s.list, e)
}

func (s *entrySet) remove(e *entry) {
	i, ok := s.indexOf(e)
	if !ok {
		return
	}
	if s.pos != nil {
		delete(s.pos, e)
	}
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
			if s.pos != nil {
				s.pos[e] = n
			}
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
	e.slot = int32(len(l.list))
	l.list = append(l.list, e)
}

func (l *entryList) remove(e *entry) {
	l.list[e.slot] = nil
	l.holes++
	if l.holes > 32 && l.holes*2 > len(l.list) {
		n := 0
		for _, x := range l.list {
			if x != nil {
				x.slot = int32(n)
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
