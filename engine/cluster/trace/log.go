package trace

import "iter"

// chunkShift sizes the log's chunks: 128 events each. A log's last
// chunk is on average half empty; at 128 events (30 KB) it wastes half
// what 256 would for a run's few thousand events, for a few more
// allocations.
const chunkShift = 7

const chunkSize = 1 << chunkShift

// Log is an append-only sequence of events. Events are stored in
// fixed-size chunks, so appending never moves earlier events: a pointer
// from At or a query stays valid for the life of the log. Like the rest of
// the model a Log is used from one goroutine.
type Log struct {
	chunks [][]Event
	n      int
}

// NewLog returns an empty log.
func NewLog() *Log { return &Log{} }

// Append adds e, setting its Seq to its position, and returns that
// position.
func (l *Log) Append(e Event) int {
	i := l.n
	if i>>chunkShift == len(l.chunks) {
		l.chunks = append(l.chunks, make([]Event, chunkSize))
	}
	e.Seq = i
	l.chunks[i>>chunkShift][i&(chunkSize-1)] = e
	l.n++
	return i
}

// Add appends a zero event with its Seq set and returns it, to be filled
// in place: on the hot paths (a request's gates, a watch delivery)
// building an Event and copying it in costs more than filling it. The
// event is the log's, as from At, and must be complete before the log is
// read.
func (l *Log) Add() *Event {
	i := l.n
	if i>>chunkShift == len(l.chunks) {
		l.chunks = append(l.chunks, make([]Event, chunkSize))
	}
	e := &l.chunks[i>>chunkShift][i&(chunkSize-1)]
	e.Seq = i
	l.n++
	return e
}

// Reset empties the log and keeps its memory for the events appended next,
// so a runner that replays many scenarios does not allocate a trace for
// each. Events obtained from the log before Reset must not be used after.
func (l *Log) Reset() {
	// Only the chunks in use hold events: the others were cleared by an
	// earlier Reset, or never written.
	for i := 0; i < len(l.chunks) && i<<chunkShift < l.n; i++ {
		clear(l.chunks[i][:min(chunkSize, l.n-i<<chunkShift)])
	}
	l.n = 0
}

// Len returns the number of events.
func (l *Log) Len() int { return l.n }

// At returns the event at position i. The event belongs to the log; do not
// modify it.
func (l *Log) At(i int) *Event {
	if i < 0 || i >= l.n {
		panic("trace: event index out of range")
	}
	return &l.chunks[i>>chunkShift][i&(chunkSize-1)]
}

// All yields every event in order.
func (l *Log) All() iter.Seq[*Event] { return l.Query().All() }
