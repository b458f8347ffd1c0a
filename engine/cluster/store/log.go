package store

import "sort"

// chunkShift sizes the event log's chunks: 128 events each. A plane's
// store writes its bootstrap objects, over a hundred events, and a lesson
// a hundred or so more: chunks of this size hold that with little room to
// spare and no copying.
const chunkShift = 7

const chunkSize = 1 << chunkShift

// firstChunk is the room the log's very first chunk starts with, enough
// for a store written only a few times (a test's). Past it, the chunk
// grows straight to chunkSize events.
const firstChunk = 16

// eventLog is the history of events, addressed by absolute position: the
// first event ever written is at 0, and positions never change, so a
// watcher's cursor survives trimming. It is kept in chunks of chunkSize
// events, so trimming frees whole chunks and appending copies nothing but
// the very first chunk's few events.
type eventLog[V any] struct {
	chunks [][]logEntry[V]
	base   int // absolute position of chunks[0][0]
	start  int // first retained position
	end    int // one past the last position
}

// logEntry is an event as the log keeps it, without what the rest
// determines (see event): the key once, and of the version written only
// its revision and value. The log holds every event since the last
// compaction, so this is most of a store's memory beyond its values:
// 72 bytes an event rather than an Event's 104.
type logEntry[V any] struct {
	typ   EventType
	key   string
	rev   int64 // the revision of the change
	value V     // the value written; zero for a delete
	// prev is the version the change replaced; modRev 0 when the key did
	// not exist.
	prev record[V]
}

// entryOf is the log entry of ev, an event the store made (see event).
func entryOf[V any](ev *Event[V]) logEntry[V] {
	e := logEntry[V]{typ: ev.Type, key: ev.KV.Key, rev: ev.KV.ModRevision, value: ev.KV.Value}
	if ev.HasPrev() {
		e.prev = record[V]{modRev: ev.Prev.ModRevision, createRev: ev.Prev.CreateRevision, version: ev.Prev.Version, value: ev.Prev.Value}
	}
	return e
}

// event rebuilds the event: a put's creation revision and version follow
// from the version it replaced, as the write set them (see applyTo); a
// delete's KV holds only the key and the revision.
func (e *logEntry[V]) event() Event[V] {
	ev := Event[V]{Type: e.typ, KV: KeyValue[V]{Key: e.key, ModRevision: e.rev}}
	had := e.prev.modRev != 0
	if had {
		ev.Prev = KeyValue[V]{Key: e.key, CreateRevision: e.prev.createRev, ModRevision: e.prev.modRev,
			Version: e.prev.version, Value: e.prev.value}
	}
	if e.typ == Put {
		ev.KV.Value = e.value
		ev.KV.CreateRevision, ev.KV.Version = e.rev, 1
		if had {
			ev.KV.CreateRevision, ev.KV.Version = e.prev.createRev, e.prev.version+1
		}
	}
	return ev
}

func (l *eventLog[V]) at(pos int) *logEntry[V] {
	off := pos - l.base
	return &l.chunks[off>>chunkShift][off&(chunkSize-1)]
}

func (l *eventLog[V]) append(e logEntry[V]) {
	off := l.end - l.base
	c := off >> chunkShift
	switch {
	case c == len(l.chunks):
		size := chunkSize
		if l.end == 0 {
			size = firstChunk
		}
		l.chunks = append(l.chunks, make([]logEntry[V], 0, size))
	case len(l.chunks[c]) == cap(l.chunks[c]):
		// The very first chunk, full at firstChunk events (positions,
		// not pointers, are what readers keep).
		grown := make([]logEntry[V], len(l.chunks[c]), chunkSize)
		copy(grown, l.chunks[c])
		l.chunks[c] = grown
	}
	l.chunks[c] = append(l.chunks[c], e)
	l.end++
}

// len returns the number of retained events.
func (l *eventLog[V]) len() int { return l.end - l.start }

// search returns the first retained position whose event has revision >=
// rev, or end.
func (l *eventLog[V]) search(rev int64) int {
	return l.start + sort.Search(l.end-l.start, func(i int) bool {
		return l.at(l.start+i).rev >= rev
	})
}

// trim forgets the events before pos.
func (l *eventLog[V]) trim(pos int) {
	for i := l.start; i < pos; i++ {
		*l.at(i) = logEntry[V]{} // drop references for the collector
	}
	l.start = pos
	for len(l.chunks) > 0 && l.start-l.base >= chunkSize {
		l.chunks[0] = nil
		l.chunks = l.chunks[1:]
		l.base += chunkSize
	}
}
