package trace

import (
	"math"
	"slices"
	"strconv"
	"unsafe"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// A long run's trace is millions of events, and an Event is 240 bytes of
// strings and pointers that the collector scans on every cycle. Events
// well behind the end of the log are read seldom and written never, so
// the log keeps them packed: a chunk's strings in one list, as numbers
// into the log's table of strings (see stringTable), each event's as
// numbers into that list, resourceVersions as numbers, and the rare change
// beside them. Consecutive events share most of their fields (the gates
// of one request differ in verb alone), so a packed event is only the
// fields that differ from the event before, as varints: a few bytes the
// collector does not scan. Reading a packed event unpacks its chunk
// (see Log.At).

// hotChunks is how many chunks at the end of the log stay unpacked: the
// events a run may still be filling in (a request's outcome, a watch's
// end) are among its last few thousand, and a lesson's whole trace
// (after its boot is released) fits, so only runs of more than 65,536
// events pack any.
const hotChunks = 512

// maxUnpacked is how many packed chunks may be unpacked at once for
// readers; unpacking one more packs the one unpacked longest ago again.
const maxUnpacked = 64

// packedEvent is an Event without its strings, as a packer numbers it
// before encoding it (see encode): each string is a number into its
// chunk's strings (0 for ""); a resourceVersion whose value plus one is
// below rvString is that (0 for ""), any other rvString and its number
// among the strings. The phase and watch type share a byte, four bits
// each; an event whose code int16 cannot hold, or whose phase or watch
// type four bits cannot, has code codeWide and the three among its
// chunk's wide events.
type packedEvent struct {
	time                                   sim.Time
	rvBefore, rvAfter                      uint32
	from, to, group, resource, subresource uint16
	namespace, name, reason, message       uint16
	detail                                 uint16
	code                                   int16
	verb                                   Verb
	phaseWatch                             uint8
}

// rvString marks a packed resourceVersion kept among the strings.
const rvString = 1 << 31

// codeWide marks a packed event whose code, phase and watch type are
// among its chunk's wide events.
const codeWide = math.MinInt16

// packedChunk is a chunk of packed events (encoded, see encode), their
// strings, "" first, as numbers into table, the changes of those that
// have one and the wide events (codeWide).
type packedChunk struct {
	data    []byte
	strings []uint32
	table   *stringTable
	changes []packedChange
	wide    []packedWide
}

// str returns the chunk's string numbered id.
func (c *packedChunk) str(id uint16) string { return c.table.at(c.strings[id]) }

// packedWide is the code, phase and watch type of the event at index i
// of its chunk.
type packedWide struct {
	i         int
	code      int
	phase     Phase
	watchType WatchType
}

// packedChange is the change of the event at index i of its chunk.
type packedChange struct {
	i      int
	change *Change
}

// packer packs chunks. A chunk's events share most of their strings (an
// actor, a resource, a namespace, the name of the object of a request's
// gates): strings are first looked up by where their bytes are, which
// costs no hashing of their contents, and only then by their contents in
// the table, so a string at two places is listed once.
type packer struct {
	chunk *packedChunk
	// table numbers the strings of every chunk the packer packs.
	table *stringTable
	// strings are the table numbers of the strings of the chunk being
	// packed, which it takes a copy of, exactly as long, when done: the
	// list grows as it is filled, and the chunk would keep its spare
	// room.
	strings []uint32
	// local holds, at a table number, the string's number in the chunk
	// being packed; one of an earlier chunk (gen) is unset.
	local []packLocal
	// slots remember the numbers of the chunk's strings by address; a
	// slot of an earlier chunk (gen) is empty.
	slots [1 << packSlotBits]packSlot
	gen   uint32
	// data is the encoding of the chunk being packed, which it takes a
	// copy of, exactly as long, when done.
	data []byte
}

// packSlotBits sizes a packer's slots: 1,024 for a chunk's at most
// 1,537 strings, most of them few and shared.
const packSlotBits = 10

// packSlot is one remembered string: its bytes, length, chunk and number.
type packSlot struct {
	data *byte
	n    int
	gen  uint32
	id   uint16
}

// packLocal is a string's number in the chunk gen.
type packLocal struct {
	gen uint32
	id  uint16
}

// id returns the number of s in the chunk being packed, listing it when
// new.
func (p *packer) id(s string) uint16 {
	if s == "" {
		return 0
	}
	d := unsafe.StringData(s)
	h := (uint64(uintptr(unsafe.Pointer(d))) + uint64(len(s))) * 0x9e3779b97f4a7c15
	slot := &p.slots[h>>(64-packSlotBits)]
	if slot.gen == p.gen && slot.data == d && slot.n == len(s) {
		return slot.id
	}
	g := p.table.id(s)
	for int(g) >= len(p.local) {
		p.local = append(p.local, packLocal{})
	}
	l := &p.local[g]
	if l.gen != p.gen {
		*l = packLocal{gen: p.gen, id: uint16(len(p.strings))}
		p.strings = append(p.strings, g)
	}
	*slot = packSlot{data: d, n: len(s), gen: p.gen, id: l.id}
	return l.id
}

// idLike returns the number of s: id, the number of prev, when s is
// prev's very bytes.
func (p *packer) idLike(s, prev string, id uint16) uint16 {
	if len(s) == len(prev) && unsafe.StringData(s) == unsafe.StringData(prev) {
		return id
	}
	return p.id(s)
}

// rv packs a resourceVersion.
func (p *packer) rv(s string) uint32 {
	if s == "" {
		return 0
	}
	if len(s) <= 10 && (s[0] != '0' || len(s) == 1) {
		var v uint64
		for i := 0; i < len(s); i++ {
			c := s[i] - '0'
			if c > 9 {
				return rvString | uint32(p.id(s))
			}
			v = v*10 + uint64(c)
		}
		if v+1 < rvString {
			return uint32(v + 1)
		}
	}
	return rvString | uint32(p.id(s))
}

// code packs the code, phase and watch type of e, at index i.
func (p *packer) code(i int, e *Event) (int16, uint8) {
	if c := e.Outcome.Code; c > codeWide && c <= math.MaxInt16 && e.Phase < 16 && e.WatchType < 16 {
		return int16(c), uint8(e.Phase) | uint8(e.WatchType)<<4
	}
	p.chunk.wide = append(p.chunk.wide, packedWide{i: i, code: e.Outcome.Code, phase: e.Phase, watchType: e.WatchType})
	return codeWide, 0
}

// unpackRV returns the resourceVersion packed as v in c.
func (c *packedChunk) unpackRV(v uint32) string {
	switch {
	case v == 0:
		return ""
	case v&rvString != 0:
		return c.str(uint16(v &^ rvString))
	}
	return strconv.FormatUint(uint64(v-1), 10)
}

// pack returns the events of chunk packed. A request's gates share their
// strings, so a string where the event before had the same one takes
// that one's number.
func (p *packer) pack(chunk []Event) *packedChunk {
	p.gen++
	if p.table == nil {
		p.table = &stringTable{}
	}
	p.chunk = &packedChunk{table: p.table}
	p.strings = append(p.strings[:0], p.table.id(""))
	p.data = p.data[:0]
	out := p.chunk
	prev, q := &Event{}, packedEvent{}
	for i := range chunk {
		e := &chunk[i]
		code, phaseWatch := p.code(i, e)
		cur := packedEvent{
			time: e.Time, rvBefore: p.rv(e.RVBefore), rvAfter: p.rv(e.RVAfter),
			from:        p.idLike(string(e.From), string(prev.From), q.from),
			to:          p.idLike(string(e.To), string(prev.To), q.to),
			group:       p.idLike(e.Group, prev.Group, q.group),
			resource:    p.idLike(e.Resource, prev.Resource, q.resource),
			subresource: p.idLike(e.Subresource, prev.Subresource, q.subresource),
			namespace:   p.idLike(e.Namespace, prev.Namespace, q.namespace),
			name:        p.idLike(e.Name, prev.Name, q.name),
			reason:      p.idLike(e.Outcome.Reason, prev.Outcome.Reason, q.reason),
			message:     p.idLike(e.Outcome.Message, prev.Outcome.Message, q.message),
			detail:      p.idLike(e.Detail, prev.Detail, q.detail),
			code:        code, verb: e.Verb, phaseWatch: phaseWatch,
		}
		p.data = encode(p.data, &q, &cur)
		if e.Change != nil {
			out.changes = append(out.changes, packedChange{i: i, change: e.Change})
		}
		prev, q = e, cur
	}
	out.data = slices.Clone(p.data)
	out.strings = slices.Clone(p.strings)
	p.chunk = nil
	return out
}

// unpack fills chunk, whose first event is at position first, with the
// events of c.
func (c *packedChunk) unpack(first int, chunk []Event) {
	s := c.str
	var e packedEvent
	data := c.data
	for i := range chunk {
		data = decode(data, &e)
		chunk[i] = Event{
			Seq: first + i, Time: e.time, From: Actor(s(e.from)), To: Actor(s(e.to)), Verb: e.verb,
			Group: s(e.group), Resource: s(e.resource), Subresource: s(e.subresource),
			Namespace: s(e.namespace), Name: s(e.name),
			RVBefore: c.unpackRV(e.rvBefore), RVAfter: c.unpackRV(e.rvAfter),
			Phase: Phase(e.phaseWatch & 15), WatchType: WatchType(e.phaseWatch >> 4),
			Outcome: Outcome{Code: int(e.code), Reason: s(e.reason), Message: s(e.message)},
			Detail:  s(e.detail),
		}
	}
	for _, ch := range c.changes {
		chunk[ch.i].Change = ch.change
	}
	for _, w := range c.wide {
		e := &chunk[w.i]
		e.Outcome.Code, e.Phase, e.WatchType = w.code, w.phase, w.watchType
	}
}

// pack packs the events of chunk c, unless it is released or packed
// already. Its unpacked events are left to the collector rather than to
// new events: a reader may still hold one.
func (l *Log) pack(c int) {
	chunk := l.chunks[c]
	if chunk == nil {
		return
	}
	for len(l.packed) <= c {
		l.packed = append(l.packed, nil)
	}
	if l.packer == nil {
		l.packer = &packer{}
	}
	l.packed[c] = l.packer.pack(chunk)
	l.chunks[c] = nil
}

// unpack unpacks the events of packed chunk c and returns them, packing
// again the chunk unpacked longest ago when more than maxUnpacked are. It
// panics when the chunk was released.
func (l *Log) unpack(c int) []Event {
	if c >= len(l.packed) || l.packed[c] == nil {
		panic("trace: event released")
	}
	chunk := newChunk()
	l.packed[c].unpack(c<<chunkShift, chunk)
	l.chunks[c], l.packed[c] = chunk, nil
	l.unpacked = append(l.unpacked, c)
	if len(l.unpacked) > maxUnpacked {
		oldest := l.unpacked[0]
		l.unpacked = append(l.unpacked[:0], l.unpacked[1:]...)
		l.pack(oldest)
	}
	return chunk
}

// KeepUnpacked makes the log keep every event it records from now on
// unpacked, until Reset: for a run whose events are all read once it is
// over, some several times (a failures case's, whose window holds them
// all), packing them as it goes would only be undone, and at the cost of
// unpacking each chunk again whenever a reader comes back to it.
func (l *Log) KeepUnpacked() { l.keepUnpacked = true }

// forgetPacked drops the log's packed events.
func (l *Log) forgetPacked() {
	if l.packed == nil {
		return
	}
	l.packed, l.unpacked, l.packer = nil, nil, nil
}
