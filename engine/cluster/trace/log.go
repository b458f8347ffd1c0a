package trace

import (
	"iter"
	"sync"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// chunkShift sizes the log's chunks: 128 events each. A log's last
// chunk is on average half empty; at 128 events (30 KB) it wastes half
// what 256 would for a run's few thousand events, for a few more
// allocations.
const chunkShift = 7

const chunkSize = 1 << chunkShift

// Log is an append-only sequence of events. Events are stored in
// fixed-size chunks, so appending never moves earlier events: a pointer
// from At or a query stays valid for the life of the log, or until the
// log releases the chunk that holds it (Release). Like the rest of the
// model a Log is used from one goroutine.
type Log struct {
	chunks [][]Event
	n      int
	// stale is the number of positions, from the first, that may still
	// hold events from before a Reset: each chunk's are cleared as its
	// first position is filled again (slot), rather than Reset clearing
	// them all at once. Positions are filled in order from 0 after a
	// Reset, so every chunk is entered at its first.
	stale int
	// deferred are the changes deferred on the log's events, some perhaps
	// worked out since (see Defer); those before resolved were worked out
	// by the log.
	deferred []deferral
	resolved int
	// packed holds, at a chunk's index, the chunk's events packed, when
	// the chunk is more than hotChunks behind the end (see pack.go); the
	// chunk itself is nil then. unpacked are the indexes of packed chunks
	// unpacked again for readers, oldest first; packer packs them.
	packed   []*packedChunk
	unpacked []int
	packer   *packer
	// keepUnpacked turns packing off (KeepUnpacked).
	keepUnpacked bool
}

// deferWindow is how long after its event a log holds a deferred
// change's source before it works the change out. The source's objects
// are revisions the store keeps anyway until it is compacted, every 5
// minutes (store.DefaultCompactionInterval, after kube-apiserver's
// --etcd-compaction-interval), so for that long holding them costs
// nothing, and most changes are never read.
const deferWindow = sim.Time(5 * time.Minute)

// keptDeferredChanges is how many deferred changes a log holds however
// old they are: the window bounds what a long run holds, and a short
// run's few thousand hold little, whereas working each out as it ages
// costs a course scenario that waits minutes (leader-election renewals
// every 2 s) a twentieth of its run for changes that are never read.
const keptDeferredChanges = 4096

// maxDeferredChanges bounds the changes a log holds deferred however
// short the time they span: past it, the oldest are worked out.
const maxDeferredChanges = 1 << 20

// deferral is a deferred change and the time of the last event when it
// was deferred.
type deferral struct {
	change *Change
	at     sim.Time
}

// Defer makes c, the change of an event of the log, src's summary,
// worked out when c is first read (Event.Changes, Change.Resolve); until
// then its lists are empty. A source holds what it summarises, two
// objects say, so a long run that reads none of its changes must not
// hold every one: once it holds keptDeferredChanges or more, the log
// works out those deferred more than deferWindow ago, and the oldest
// whenever it holds maxDeferredChanges, which lets their sources let go.
// Reset forgets them with its events. Release forgets them all, those of the events it keeps too, which then
// go unbounded: it is meant for a boot whose changes went unsummarised,
// released before the run records any.
func (l *Log) Defer(c *Change, src ChangeSource) {
	var now sim.Time
	if l.n > 0 {
		now = l.At(l.n - 1).Time
	}
	d := l.deferred
	for l.resolved < len(d) && (len(d)-l.resolved >= maxDeferredChanges || len(d)-l.resolved >= keptDeferredChanges && now-d[l.resolved].at > deferWindow) {
		d[l.resolved].change.Resolve()
		d[l.resolved] = deferral{}
		l.resolved++
	}
	if l.resolved == len(d) {
		l.deferred, l.resolved = d[:0], 0
	} else if l.resolved >= len(d)/2 && l.resolved >= 1024 {
		n := copy(d, d[l.resolved:])
		clear(d[n:])
		l.deferred, l.resolved = d[:n], 0
	}
	c.pending = src
	l.deferred = append(l.deferred, deferral{change: c, at: now})
}

// forgetDeferred empties the list of deferred changes.
func (l *Log) forgetDeferred() {
	clear(l.deferred)
	l.deferred, l.resolved = l.deferred[:0], 0
}

// NewLog returns an empty log.
func NewLog() *Log { return &Log{} }

// Append adds e, setting its Seq to its position, and returns that
// position.
func (l *Log) Append(e Event) int {
	i := l.n
	e.Seq = i
	*l.slot(i) = e
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
	e := l.slot(i)
	e.Seq = i
	l.n++
	return e
}

// slot returns the place of the event at position i, the next one, empty:
// a new chunk when i starts one past the last, and otherwise a chunk whose
// events from before a Reset are cleared all at once as its first
// position is filled again. One clear of the chunk's old events, in a
// row, costs a fraction of clearing each as it comes: a long run's old
// events are out of the cache, and a tight run of stores waits for them
// together rather than one by one.
func (l *Log) slot(i int) *Event {
	c := i >> chunkShift
	if i&(chunkSize-1) == 0 && c >= hotChunks && !l.keepUnpacked {
		l.pack(c - hotChunks)
	}
	if c == len(l.chunks) {
		l.chunks = append(l.chunks, newChunk())
	}
	chunk := l.chunks[c]
	if i < l.stale && i&(chunkSize-1) == 0 {
		clear(chunk[:min(chunkSize, l.stale-i)])
	}
	return &chunk[i&(chunkSize-1)]
}

// Reset empties the log and keeps its memory for the events appended next,
// so a runner that replays many scenarios does not allocate a trace for
// each. Events obtained from the log before Reset must not be used after.
//
// The old events stay in place until new ones take their chunk: each
// chunk is cleared as its first position is filled again, rather than in
// a pass over the whole log (megabytes after a long run). Until then the
// old events keep what they refer to (strings and changes) from being
// collected.
func (l *Log) Reset() {
	l.forgetDeferred()
	l.forgetPacked()
	l.keepUnpacked = false
	released := false
	for _, c := range l.chunks {
		released = released || c == nil
	}
	if !released {
		l.stale = max(l.stale, l.n)
		l.n = 0
		return
	}
	// Released chunks are gone: the others move up to take their places,
	// so positions change, and the events still in them are cleared
	// now. Those past the stale positions were never written.
	kept := l.chunks[:0]
	for i, c := range l.chunks {
		if c == nil {
			continue
		}
		if used := max(l.stale, l.n) - i<<chunkShift; used > 0 {
			clear(c[:min(chunkSize, used)])
		}
		kept = append(kept, c)
	}
	clear(l.chunks[len(kept):])
	l.chunks = kept
	l.n, l.stale = 0, 0
}

// spareChunks are chunks released by logs (Release), cleared, for new
// events to fill.
var spareChunks sync.Pool

// newChunk returns an empty chunk: a released one when there is one.
func newChunk() []Event {
	if c, ok := spareChunks.Get().(*[chunkSize]Event); ok {
		return c[:]
	}
	return make([]Event, chunkSize)
}

// Release gives up the chunks that hold only events before position
// before, for other logs to reuse: a runner that keeps only the end of a
// run's trace (a scenario's, after its cluster booted) saves the memory of
// the rest. The caller must hold no pointer to those events; At panics
// on a released event, and Query and All must not reach one.
func (l *Log) Release(before int) {
	l.forgetDeferred()
	for i := 0; i < len(l.chunks) && (i+1)<<chunkShift <= min(before, l.n); i++ {
		if c := l.chunks[i]; c != nil {
			clear(c)
			spareChunks.Put((*[chunkSize]Event)(c))
			l.chunks[i] = nil
		}
		if i < len(l.packed) {
			l.packed[i] = nil
		}
	}
}

// Len returns the number of events.
func (l *Log) Len() int { return l.n }

// At returns the event at position i. The event belongs to the log; do not
// modify it. An event more than hotChunks chunks behind the end is
// unpacked with its chunk (see pack.go).
func (l *Log) At(i int) *Event {
	if i < 0 || i >= l.n {
		panic("trace: event index out of range")
	}
	c := l.chunks[i>>chunkShift]
	if c == nil {
		c = l.unpack(i >> chunkShift)
	}
	return &c[i&(chunkSize-1)]
}

// All yields every event in order.
func (l *Log) All() iter.Seq[*Event] { return l.Query().All() }
