package store

import (
	"slices"
	"strings"
)

// Handler receives a watcher's events as they are written.
type Handler[V any] interface {
	OnEvent(Event[V])
}

// HandlerFunc adapts a function to a [Handler].
type HandlerFunc[V any] func(Event[V])

// OnEvent calls f.
func (f HandlerFunc[V]) OnEvent(ev Event[V]) { f(ev) }

// Watcher follows the changes to keys with a prefix.
//
// Every watcher is a cursor into the store's one event log, so a write
// costs the store one append however many watchers there are, and serving
// a watcher costs a prefix test per event. A watcher with a [Handler] is
// pushed its events synchronously, during the write that made them (and,
// for its history, during Watch). A watcher without one buffers nothing:
// its owner pulls events with Next, and one that falls behind a compaction
// is cancelled with a [CompactedError], as etcd cancels an unsynced
// watcher.
type Watcher[V any] struct {
	s      *Store[V]
	prefix string
	h      Handler[V]
	// pos is the absolute log position of the next event to look at. A
	// handler watcher's may lag behind the store's notified position, which
	// then stands for it: the events between are ones it did not want.
	pos    int
	minRev int64 // the first revision wanted, for a watch from the future
	err    error
	done   bool

	// For handler watchers: the order they were made in, the bucket their
	// prefix fixes ("" for none; see bucketOf), and whether their history
	// is still to be delivered.
	seq     int
	bucket  string
	joining bool
}

// Watch follows every key that starts with prefix, from revision from
// (inclusive; 0 means from the next write). History since from is
// delivered first, then live events, each exactly once, in revision order.
// With a nil h, pull events with [Watcher.Next].
//
// Handlers may write to the store and create or cancel watchers. Each
// watcher still sees every event once and in order; a write made by a
// handler reaches the other watchers after the current event.
func (s *Store[V]) Watch(prefix string, from int64, h Handler[V]) (*Watcher[V], error) {
	if !s.available {
		return nil, ErrUnavailable
	}
	if from <= 0 {
		from = s.rev + 1
	}
	if from < s.compactRev {
		return nil, &CompactedError{Requested: from, Compacted: s.compactRev}
	}
	w := &Watcher[V]{s: s, prefix: prefix, h: h, pos: s.log.search(from), minRev: from}
	s.watchers = append(s.watchers, w)
	if h != nil {
		s.handlers.add(w)
		s.notify()
	}
	return w, nil
}

// Next returns the watcher's next event, and false when it has seen every
// event written so far or has been cancelled.
func (w *Watcher[V]) Next() (Event[V], bool) {
	s := w.s
	for !w.done && w.pos < s.log.end {
		e := s.log.at(w.pos)
		w.pos++
		if w.wants(e) {
			return e.event(), true
		}
	}
	return Event[V]{}, false
}

func (w *Watcher[V]) wants(e *logEntry[V]) bool {
	return e.rev >= w.minRev && strings.HasPrefix(e.key, w.prefix)
}

// Err returns why the store cancelled the watcher: a *CompactedError, or
// nil.
func (w *Watcher[V]) Err() error { return w.err }

// Done reports whether the watcher has been cancelled.
func (w *Watcher[V]) Done() bool { return w.done }

// Cancel stops the watcher. It receives nothing more.
func (w *Watcher[V]) Cancel() {
	if w.done {
		return
	}
	w.done = true
	s := w.s
	if s.notifying {
		s.cancelled = true // removed when the notification pass ends
		return
	}
	s.watchers = slices.DeleteFunc(s.watchers, func(x *Watcher[V]) bool { return x == w })
	if w.h != nil {
		s.handlers.remove(w)
	}
}

// Watchers returns the number of live watchers.
func (s *Store[V]) Watchers() int {
	n := 0
	for _, w := range s.watchers {
		if !w.done {
			n++
		}
	}
	return n
}

// notify brings every handler watcher up to the end of the log. It is not
// reentrant: a write made by a handler appends to the log, and the pass in
// progress, or the next one, delivers it.
//
// Watchers that joined deliver their history first. Then each pass serves
// the events written since the last: those of one write only to the
// watchers whose prefix can match its key (see handlerSet), those of a
// transaction to every handler watcher, each in the order the watchers were
// made.
func (s *Store[V]) notify() {
	if s.notifying {
		return
	}
	s.notifying = true
	for {
		s.deliverJoined()
		start, end := s.notified, s.log.end
		if start == end {
			break
		}
		if end-start == 1 {
			s.handlers.each(bucketOf(s.log.at(start).key), func(w *Watcher[V]) { s.deliver(w, start) })
		} else {
			for i := 0; i < len(s.watchers); i++ {
				if w := s.watchers[i]; w.h != nil {
					s.deliver(w, start)
				}
			}
		}
		s.notified = end
	}
	s.notifying = false
	if s.cancelled {
		s.cancelled = false
		s.watchers = slices.DeleteFunc(s.watchers, func(w *Watcher[V]) bool { return w.done })
		s.handlers.prune()
	}
	if s.trimNeeded {
		s.trimNeeded = false
		s.trimLog()
	}
}

// deliverJoined delivers the history of the watchers that joined, in the
// order they joined, watchers that join meanwhile included. The queue is
// then emptied in place, so that the next watcher to join reuses its
// backing rather than growing a new one: kube-apiserver's store gains its
// handler watchers one Watch at a time.
func (s *Store[V]) deliverJoined() {
	h := &s.handlers
	for i := 0; i < len(h.joined); i++ {
		w := h.joined[i]
		w.joining = false
		s.deliver(w, w.pos)
	}
	clear(h.joined)
	h.joined = h.joined[:0]
}

// deliver pushes handler watcher w the events it wants from position from
// (or its own, if later) to the end of the log, the end as it grows. A
// watcher whose history is still to come waits for it.
func (s *Store[V]) deliver(w *Watcher[V], from int) {
	if w.joining {
		return
	}
	p := max(w.pos, from)
	for !w.done && p < s.log.end {
		e := s.log.at(p)
		p++
		w.pos = p
		if w.wants(e) {
			w.h.OnEvent(e.event()) // built first: the handler may grow the log
		}
	}
}
