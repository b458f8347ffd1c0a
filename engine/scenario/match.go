package scenario

import (
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// NearestShown is how many recorded events an unmatched step shows.
const NearestShown = 3

// StepMatch is one step matched against a run's trace.
type StepMatch struct {
	Step *spec.Step
	// Matched is false when the step found fewer events than it asks
	// for.
	Matched bool
	// Events are the trace indices of the events the step matched (for
	// an unmatched xN step, those it found).
	Events []int
	// Nearest are, for an unmatched step, the trace indices of the
	// recorded events closest to its pattern, best first.
	Nearest []int
}

// Last returns the trace index of the step's last matched event, or -1.
func (m *StepMatch) Last() int {
	if len(m.Events) == 0 {
		return -1
	}
	return m.Events[len(m.Events)-1]
}

// Through returns the trace index at which the effects of the event at i
// are in place. An API request is recorded when it arrives, before its
// gates and its store write (apiserver/trace.go): the request is answered
// at the instant it arrives, so its gate events follow it at once, from
// the replica that served it; the request's effect is in place after the
// last of them. Any other event is in place right after itself.
func (s *Session) Through(i int) int {
	log := s.Trace()
	if i < 0 || i >= log.Len() {
		return i
	}
	e := log.At(i)
	if e.Verb.Kind() != trace.KindAPI || e.To == "" {
		return i
	}
	for i+1 < log.Len() {
		n := log.At(i + 1)
		if n.From != e.To || n.Time != e.Time || n.Verb.Kind() == trace.KindAPI {
			break
		}
		i++
	}
	return i
}

// MatchSteps matches steps against the run's events as an ordered
// subsequence: each step's events come after the previous step's last
// match; xN takes the next N matching events, all every matching event
// that follows (at least one). Matching goes on after an unmatched step
// from where the last matched step ended. The matches are kept for
// claims checked after a step (see SetSteps).
func (s *Session) MatchSteps(steps []spec.Step) []StepMatch {
	out := make([]StepMatch, len(steps))
	from := s.Start
	end := s.Trace().Len()
	for i := range steps {
		st := &steps[i]
		out[i] = StepMatch{Step: st}
		if st.Expect == nil {
			continue
		}
		m := Compile(st.Expect)
		evs := s.find(m, from, end, st.Expect.Count)
		out[i].Events = evs
		want := max(st.Expect.Count.N, 1)
		out[i].Matched = len(evs) >= want
		if !out[i].Matched {
			out[i].Nearest = s.nearest(m, from)
			continue
		}
		from = evs[len(evs)-1] + 1
	}
	s.steps = out
	return out
}

// find returns the trace indices of the events in [from, end) that m
// matches: the first N (1 by default), or all of them.
func (s *Session) find(m *Matcher, from, end int, c spec.Count) []int {
	limit := max(c.N, 1)
	if c.All {
		limit = 0
	}
	return s.matching(m, from, end-1, limit)
}

// nearest ranks the run's events by how many parts of m's pattern they
// satisfy, preferring, among equals, those at or after from, then the
// earliest; it returns the best NearestShown.
func (s *Session) nearest(m *Matcher, from int) []int {
	type cand struct{ i, score int }
	var cs []cand
	log := s.Trace()
	for i := s.Start; i < log.Len(); i++ {
		if n, _ := m.Score(log.At(i)); n > 0 {
			cs = append(cs, cand{i, n})
		}
	}
	after := func(i int) bool { return i >= from }
	sort.SliceStable(cs, func(a, b int) bool {
		if cs[a].score != cs[b].score {
			return cs[a].score > cs[b].score
		}
		if after(cs[a].i) != after(cs[b].i) {
			return after(cs[a].i)
		}
		return cs[a].i < cs[b].i
	})
	var out []int
	for _, c := range cs[:min(len(cs), NearestShown)] {
		out = append(out, c.i)
	}
	return out
}

// FormatEvent prints an event as one line of a trace table: time, from →
// to, verb (and qualifier), object, outcome.
func FormatEvent(e *trace.Event) string { return result.Line(e) }

// EventResource is an event's RESOURCE[.GROUP][/SUB] as patterns write it.
func EventResource(e *trace.Event) string {
	r := e.Resource
	if r != "" && e.Group != "" {
		r += "." + e.Group
	}
	if e.Subresource != "" {
		r += "/" + e.Subresource
	}
	return r
}

// EventObject is an event's NAMESPACE/NAME, or NAME.
func EventObject(e *trace.Event) string {
	if e.Namespace != "" {
		return e.Namespace + "/" + e.Name
	}
	return e.Name
}
