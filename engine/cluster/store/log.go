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
	chunks [][]Event[V]
	base   int // absolute position of chunks[0][0]
	start  int // first retained position
	end    int // one past the last position
}

func (l *eventLog[V]) at(pos int) *Event[V] {
	off := pos - l.base
	return &l.chunks[off>>chunkShift][off&(chunkSize-1)]
}

func (l *eventLog[V]) append(ev Event[V]) {
	off := l.end - l.base
	c := off >> chunkShift
	switch {
	case c == len(l.chunks):
		size := chunkSize
		if l.end == 0 {
			size = firstChunk
		}
		l.chunks = append(l.chunks, make([]Event[V], 0, size))
	case len(l.chunks[c]) == cap(l.chunks[c]):
		// The very first chunk, full at firstChunk events (positions,
		// not pointers, are what readers keep).
		grown := make([]Event[V], len(l.chunks[c]), chunkSize)
		copy(grown, l.chunks[c])
		l.chunks[c] = grown
	}
	l.chunks[c] = append(l.chunks[c], ev)
	l.end++
}

// len returns the number of retained events.
func (l *eventLog[V]) len() int { return l.end - l.start }

// search returns the first retained position whose event has revision >=
// rev, or end.
func (l *eventLog[V]) search(rev int64) int {
	return l.start + sort.Search(l.end-l.start, func(i int) bool {
		return l.at(l.start+i).KV.ModRevision >= rev
	})
}

// trim forgets the events before pos.
func (l *eventLog[V]) trim(pos int) {
	for i := l.start; i < pos; i++ {
		*l.at(i) = Event[V]{} // drop references for the collector
	}
	l.start = pos
	for len(l.chunks) > 0 && l.start-l.base >= chunkSize {
		l.chunks[0] = nil
		l.chunks = l.chunks[1:]
		l.base += chunkSize
	}
}
