package scenario

import (
	"iter"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// collect returns the indices is yields whose events pred accepts, at
// most limit of them (0: all).
func (s *Session) collect(is iter.Seq[int], pred func(*trace.Event) bool, limit int) []int {
	var out []int
	log := s.Trace()
	for i := range is {
		if pred(log.At(i)) {
			out = append(out, i)
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out
}

// last is the last trace index a scan up to at reads: at, or the last
// event so far.
func (s *Session) last(at int) int { return min(at, s.Trace().Len()-1) }

// matching returns the trace indices in [from, at] of the events m
// matches, at most limit of them (0: all). Only the events of m's verb
// are read (see eventIndex).
func (s *Session) matching(m *Matcher, from, at, limit int) []int {
	return s.matchingIf(m, nil, from, at, limit)
}

// matchingIf is matching of the events that also pass also (nil: all).
func (s *Session) matchingIf(m *Matcher, also func(*trace.Event) bool, from, at, limit int) []int {
	from = max(from, s.Start)
	list := s.index.ofVerb(s.Trace(), s.Start, m.p.Verb)
	pred := m.Match
	if also != nil {
		pred = func(e *trace.Event) bool { return also(e) && m.Match(e) }
	}
	return s.collect(inRange([][]int32{list}, from, s.last(at)), pred, limit)
}

// eventsFrom returns the trace indices in [Start, at] of the events
// acted by an actor the glob from matches that pred accepts, at most
// limit of them (0: all). The first such scan of a session reads the
// whole trace, as listing its events by actor would; the later ones read
// only those actors' events (see eventIndex).
func (s *Session) eventsFrom(from string, pred func(*trace.Event) bool, at, limit int) []int {
	if s.index.actorScans++; from == "*" || s.index.actorScans == 1 {
		return s.collect(span(s.Start, s.last(at)), func(e *trace.Event) bool {
			return trace.Glob(from, string(e.From)) && pred(e)
		}, limit)
	}
	lists := s.index.ofActors(s.Trace(), s.Start, from)
	return s.collect(inRange(lists, s.Start, s.last(at)), pred, limit)
}
