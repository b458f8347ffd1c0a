package scenario

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// evidence formats the events at the indices.
func (s *Session) evidence(is []int) []string {
	var out []string
	for _, i := range is[:min(len(is), MaxEvidence)] {
		out = append(out, FormatEvent(s.Trace().At(i)))
	}
	return out
}

// timeAt is the virtual instant of the event at i, or the start for an
// index before the run.
func (s *Session) timeAt(i int) sim.Time {
	if i < s.Start || i >= s.Trace().Len() {
		return s.StartTime
	}
	return s.Trace().At(i).Time
}

// callClaim is "A -> B" or "never A -> B".
func (s *Session) callClaim(c *spec.CallClaim, at int) verdict {
	from, to := spec.ActorGlob(c.From.Text), spec.ActorGlob(c.To.Text)
	pred := func(e *trace.Event) bool { return trace.Glob(from, string(e.From)) && trace.Glob(to, string(e.To)) }
	if c.Never {
		is := s.eventsFrom(from, pred, at, MaxEvidence)
		v := verdict{ok: len(is) == 0, expected: "no call from " + c.From.Text + " to " + c.To.Text, evidence: s.evidence(is)}
		v.observed = "none"
		if !v.ok {
			v.observed = fmt.Sprintf("%d or more calls", len(is))
		}
		return v
	}
	is := s.eventsFrom(from, pred, at, 1)
	v := verdict{ok: len(is) > 0, expected: "a call from " + c.From.Text + " to " + c.To.Text, observed: "none", evidence: s.evidence(is)}
	if v.ok {
		v.observed = "a call"
	} else {
		v.evidence = s.evidence(s.eventsFrom(from, func(*trace.Event) bool { return true }, at, 3))
	}
	return v
}

// noClaim is "no PATTERN".
func (s *Session) noClaim(c *spec.NoClaim, at int) verdict {
	m := Compile(c.Pattern)
	is := s.matching(m, s.Start, at, MaxEvidence)
	v := verdict{ok: len(is) == 0, expected: "no event " + c.Pattern.Text, observed: "none", evidence: s.evidence(is)}
	if !v.ok {
		v.observed = fmt.Sprintf("%d or more events", len(is))
		if len(is) < MaxEvidence {
			v.observed = fmt.Sprintf("%d events", len(is))
		}
	}
	return v
}

// beforeClaim holds when the first event of First precedes every event of
// Then, and both occur.
func (s *Session) beforeClaim(c *spec.BeforeClaim, at int) verdict {
	exp := c.First.Text + " before " + c.Then.Text
	first := s.matching(Compile(c.First), s.Start, at, 1)
	then := s.matching(Compile(c.Then), s.Start, at, 1)
	switch {
	case len(first) == 0:
		return failf(exp, "no event %s", c.First.Text)
	case len(then) == 0:
		v := failf(exp, "no event %s", c.Then.Text)
		v.evidence = s.evidence(first)
		return v
	}
	v := verdict{ok: first[0] < then[0], expected: exp, evidence: s.evidence([]int{first[0], then[0]})}
	v.observed = fmt.Sprintf("first at %s, then at %s", s.timeAt(first[0]), s.timeAt(then[0]))
	if !v.ok {
		v.evidence = s.evidence([]int{then[0], first[0]})
	}
	return v
}

// elapsedClaim bounds the time from the first event of From to the first
// event of To after it.
func (s *Session) elapsedClaim(c *spec.ElapsedClaim, at int) verdict {
	exp := fmt.Sprintf("in [%s, %s]", c.Min.Value, c.Max.Value)
	from := s.matching(Compile(c.From), s.Start, at, 1)
	if len(from) == 0 {
		return failf(exp, "no event %s", c.From.Text)
	}
	tm := Compile(c.To)
	to := s.matchingIf(tm, func(e *trace.Event) bool { return e.Seq > from[0] }, s.Start, at, 1)
	if len(to) == 0 {
		v := failf(exp, "no event %s after %s", c.To.Text, s.timeAt(from[0]))
		v.evidence = s.evidence(from)
		return v
	}
	d := s.timeAt(to[0]).Sub(s.timeAt(from[0]))
	return verdict{ok: d >= c.Min.Value && d <= c.Max.Value, expected: exp, observed: d.String(),
		evidence: s.evidence([]int{from[0], to[0]})}
}

// responseClaim compares a field of an action's response.
func (s *Session) responseClaim(c *spec.ResponseClaim) verdict {
	exp := "." + c.Field.Text + " " + expectation(c.Op, c.Value, c.Regex)
	r, ok := s.Response(c.Action.Text)
	if !ok {
		return failf(exp, "no response to an action %q", c.Action.Text)
	}
	var got any
	switch c.Field.Text {
	case "code":
		got = int64(r.Code)
	case "reason":
		got = r.Reason
	case "output":
		got = r.Output
	default:
		got = r.Message
	}
	held, err := compare(got, true, c.Op, c.Value, c.Regex)
	if err != nil {
		return failf(exp, "bad expression: %v", err)
	}
	v := verdict{ok: held, expected: exp, observed: valueText(got, true)}
	v.evidence = []string{fmt.Sprintf("%s: %d %s %s", r.Action, r.Code, r.Reason, r.Message)}
	return v
}

// storedClaim holds when no write reached the store from the start mark
// to at.
func (s *Session) storedClaim(at int) verdict {
	ch := s.History.ChangedAt(s.Start, at)
	v := verdict{ok: len(ch) == 0, expected: "no write reached the store", observed: "none"}
	if !v.ok {
		v.observed = fmt.Sprintf("%d writes", len(ch))
		v.evidence = s.evidence(ch)
	}
	return v
}

// afterPoint returns the trace index right after which an "after" claim
// is checked: the last matched event of the step, or the last event of
// the action.
func (s *Session) afterPoint(a *spec.After) (int, error) {
	if a.Action != nil {
		i, ok := s.ActionEnd(a.Action.Text)
		if !ok {
			return 0, fmt.Errorf("the action %q did not run", a.Action.Text)
		}
		return i, nil
	}
	if a.Step != nil {
		for _, m := range s.steps {
			if m.Step != nil && m.Step.Title.Value == a.Step.Text {
				if !m.Matched {
					return 0, fmt.Errorf("the step %q did not match", a.Step.Text)
				}
				return s.Through(m.Last()), nil
			}
		}
		return 0, fmt.Errorf("no matched step %q", a.Step.Text)
	}
	return 0, fmt.Errorf("after nothing")
}
