package scenario

import (
	"iter"
	"slices"

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
// It reads the list of m's verb from the first index at or after from.
func (s *Session) matchingIf(m *Matcher, also func(*trace.Event) bool, from, at, limit int) []int {
	from = max(from, s.Start)
	log := s.Trace()
	list := s.index.ofVerb(log, s.Start, m.p.Verb)
	hi := s.last(at)
	var out []int
	j, _ := slices.BinarySearch(list, int32(from))
	for ; j < len(list) && int(list[j]) <= hi; j++ {
		i := int(list[j])
		if e := log.At(i); (also == nil || also(e)) && m.matchOfVerb(e) {
			out = append(out, i)
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out
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
