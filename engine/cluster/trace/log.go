package trace

import "iter"

// chunkShift sizes the log's chunks: 256 events each.
const chunkShift = 8

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

// Reset empties the log and keeps its memory for the events appended next,
// so a runner that replays many scenarios does not allocate a trace for
// each. Events obtained from the log before Reset must not be used after.
func (l *Log) Reset() {
	for _, c := range l.chunks {
		clear(c)
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
