package trace

// stringTable numbers the strings of a log's packed chunks by their
// contents, "" first: a string that recurs across chunks (a Pod's name,
// a node's actor, a message) is kept once for the whole log, where each
// chunk's own list would keep a copy, perhaps at other bytes, in every
// chunk it appears in. A chunk lists its strings as numbers into the
// table, four bytes each where a string is sixteen. The table only grows:
// a string stays as long as the log keeps packed events (until Reset),
// even when the chunks that used it are released.
type stringTable struct {
	// blocks hold the strings by number, tableBlock each: the table grows
	// a block at a time, never copying what it holds.
	blocks [][]string
	n      uint32
	ids    map[string]uint32
}

// tableBlockBits sizes a string table's blocks: 1,024 strings.
const tableBlockBits = 10

const tableBlock = 1 << tableBlockBits

// id returns the number of s, listing it when new.
func (t *stringTable) id(s string) uint32 {
	if t.ids == nil {
		t.ids = map[string]uint32{"": 0}
		t.add("")
	}
	if id, ok := t.ids[s]; ok {
		return id
	}
	id := t.add(s)
	t.ids[s] = id
	return id
}

// add appends s and returns its number.
func (t *stringTable) add(s string) uint32 {
	id := t.n
	if id&(tableBlock-1) == 0 {
		t.blocks = append(t.blocks, make([]string, 0, tableBlock))
	}
	b := &t.blocks[id>>tableBlockBits]
	*b = append(*b, s)
	t.n++
	return id
}

// at returns the string numbered id.
func (t *stringTable) at(id uint32) string {
	return t.blocks[id>>tableBlockBits][id&(tableBlock-1)]
}

// len returns how many strings the table holds, "" included.
func (t *stringTable) len() int { return int(t.n) }
