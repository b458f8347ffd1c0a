package trace

import (
	"unsafe"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// A long run's trace is millions of events, and an Event is 240 bytes of
// strings and pointers that the collector scans on every cycle. Events
// well behind the end of the log are read seldom and written never, so
// the log keeps them packed: strings as numbers into a table of the
// log's distinct strings, resourceVersions as numbers, and the rare
// change beside them. A packed event is 72 bytes the collector does not
// scan. Reading a packed event unpacks its chunk (see Log.At).

// hotChunks is how many chunks at the end of the log stay unpacked: the
// events a run may still be filling in (a request's outcome, a watch's
// end) are among its last few thousand, and a lesson's whole trace
// (after its boot is released) fits, so only runs of more than 65,536
// events pack any.
const hotChunks = 512

// maxUnpacked is how many packed chunks may be unpacked at once for
// readers; unpacking one more packs the one unpacked longest ago again.
const maxUnpacked = 64

// packedEvent is an Event without its strings: each is a number into the
// log's string table (0 for ""), a resourceVersion of up to 18 decimal
// digits its value plus one (0 for "", rvString|number for any other).
type packedEvent struct {
	time                                     sim.Time
	rvBefore, rvAfter                        uint64
	from, to, group, resource, subresource   uint32
	namespace, name, reason, message, detail uint32
	code                                     int32
	verb                                     Verb
	phase                                    Phase
	watchType                                WatchType
}

// rvString marks a packed resourceVersion kept in the string table.
const rvString = 1 << 63

// packedChunk is a chunk of packed events, with the changes of those
// that have one.
type packedChunk struct {
	events  [chunkSize]packedEvent
	changes []packedChange
}

// packedChange is the change of the event at index i of its chunk.
type packedChange struct {
	i      int
	change *Change
}

// stringTable numbers the distinct strings of a log's packed events.
type stringTable struct {
	strings []string
	ids     map[string]uint32
	// recent remembers the numbers of recently packed strings by where
	// their bytes are: a run's events share their strings (an actor, a
	// resource, a namespace, the name of the object of a request's
	// gates), so most are found without hashing them.
	recent [1024]recentString
}

// recentString is one remembered string: its bytes, length and number.
type recentString struct {
	data *byte
	n    int
	id   uint32
}

// id returns the number of s, adding it to the table when new.
func (t *stringTable) id(s string) uint32 {
	if s == "" {
		return 0
	}
	p := unsafe.StringData(s)
	r := &t.recent[(uintptr(unsafe.Pointer(p))>>4^uintptr(len(s)))&uintptr(len(t.recent)-1)]
	if r.data == p && r.n == len(s) {
		return r.id
	}
	id, ok := t.ids[s]
	if !ok {
		if t.ids == nil {
			t.ids = map[string]uint32{}
			t.strings = append(t.strings[:0], "")
		}
		id = uint32(len(t.strings))
		t.strings = append(t.strings, s)
		t.ids[s] = id
	}
	*r = recentString{data: p, n: len(s), id: id}
	return id
}

// rv packs a resourceVersion.
func (t *stringTable) rv(s string) uint64 {
	if s == "" {
		return 0
	}
	if len(s) <= 18 && (s[0] != '0' || len(s) == 1) {
		var v uint64
		for i := 0; i < len(s); i++ {
			c := s[i] - '0'
			if c > 9 {
				return rvString | uint64(t.id(s))
			}
			v = v*10 + uint64(c)
		}
		return v + 1
	}
	return rvString | uint64(t.id(s))
}

// unpackRV returns the resourceVersion packed as v.
func (t *stringTable) unpackRV(v uint64) string {
	switch {
	case v == 0:
		return ""
	case v&rvString != 0:
		return t.strings[v&^rvString]
	}
	return formatRV(v - 1)
}

// formatRV writes v in decimal.
func formatRV(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return string(b[i:])
}

// pack returns the events of chunk packed. A request's gates share their
// strings, so a string where the event before had the same one takes
// that one's number.
func (t *stringTable) pack(chunk []Event) *packedChunk {
	p := &packedChunk{}
	var prev *Event
	var q *packedEvent
	for i := range chunk {
		e := &chunk[i]
		if prev == nil {
			prev, q = &Event{}, &packedEvent{}
		}
		p.events[i] = packedEvent{
			time: e.Time, rvBefore: t.rv(e.RVBefore), rvAfter: t.rv(e.RVAfter),
			from:        t.idLike(string(e.From), string(prev.From), q.from),
			to:          t.idLike(string(e.To), string(prev.To), q.to),
			group:       t.idLike(e.Group, prev.Group, q.group),
			resource:    t.idLike(e.Resource, prev.Resource, q.resource),
			subresource: t.idLike(e.Subresource, prev.Subresource, q.subresource),
			namespace:   t.idLike(e.Namespace, prev.Namespace, q.namespace),
			name:        t.idLike(e.Name, prev.Name, q.name),
			reason:      t.idLike(e.Outcome.Reason, prev.Outcome.Reason, q.reason),
			message:     t.idLike(e.Outcome.Message, prev.Outcome.Message, q.message),
			detail:      t.idLike(e.Detail, prev.Detail, q.detail),
			code:        int32(e.Outcome.Code), verb: e.Verb, phase: e.Phase, watchType: e.WatchType,
		}
		if e.Change != nil {
			p.changes = append(p.changes, packedChange{i: i, change: e.Change})
		}
		prev, q = e, &p.events[i]
	}
	return p
}

// idLike returns the number of s: id, the number of prev, when s is
// prev's very bytes.
func (t *stringTable) idLike(s, prev string, id uint32) uint32 {
	if len(s) == len(prev) && unsafe.StringData(s) == unsafe.StringData(prev) {
		return id
	}
	return t.id(s)
}

// unpack fills chunk, whose first event is at position first, with p's
// events.
func (t *stringTable) unpack(p *packedChunk, first int, chunk []Event) {
	s := t.strings
	for i := range p.events {
		e := &p.events[i]
		chunk[i] = Event{
			Seq: first + i, Time: e.time, From: Actor(s[e.from]), To: Actor(s[e.to]), Verb: e.verb,
			Group: s[e.group], Resource: s[e.resource], Subresource: s[e.subresource],
			Namespace: s[e.namespace], Name: s[e.name],
			RVBefore: t.unpackRV(e.rvBefore), RVAfter: t.unpackRV(e.rvAfter),
			Phase: e.phase, WatchType: e.watchType,
			Outcome: Outcome{Code: int(e.code), Reason: s[e.reason], Message: s[e.message]},
			Detail:  s[e.detail],
		}
	}
	for _, c := range p.changes {
		chunk[c.i].Change = c.change
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
	if l.table == nil {
		l.table = &stringTable{}
	}
	l.packed[c] = l.table.pack(chunk)
	l.chunks[c] = nil
}

// unpack unpacks the events of packed chunk c and returns them, packing
// again the chunk unpacked longest ago when more than maxUnpacked are. It
// panics when the chunk was released.
func (l *Log) unpack(c int) []Event {
	if c >= len(l.packed) || l.packed[c] == nil {
		panic("trace: event released")
	}
	chunk := make([]Event, chunkSize)
	l.table.unpack(l.packed[c], c<<chunkShift, chunk)
	l.chunks[c], l.packed[c] = chunk, nil
	l.unpacked = append(l.unpacked, c)
	if len(l.unpacked) > maxUnpacked {
		oldest := l.unpacked[0]
		l.unpacked = append(l.unpacked[:0], l.unpacked[1:]...)
		l.pack(oldest)
	}
	return chunk
}

// forgetPacked drops the log's packed events and their strings.
func (l *Log) forgetPacked() {
	if l.packed == nil {
		return
	}
	l.packed, l.unpacked, l.table = nil, nil, nil
}
