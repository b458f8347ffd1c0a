package scenario

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// temporalClaim is "always CLAIM" (after every event of the run up to at)
// or "eventually CLAIM" (after some event). A claim on objects can only
// change where the store changed, so it is evaluated at the start mark
// and after each event that changed an object; a claim on events is
// evaluated after each event.
func (s *Session) temporalClaim(c *spec.TemporalClaim, at int) verdict {
	points := []int{s.Start - 1}
	if readsTrace(c.Claim) {
		for i := s.Start; i <= at; i++ {
			points = append(points, i)
		}
	} else {
		points = append(points, s.History.ChangedAt(s.Start, at)...)
	}
	var last verdict
	for _, i := range points {
		v := s.eval(c.Claim, i)
		last = v
		switch {
		case c.Always && !v.ok:
			v.expected = "always " + v.expected
			v.observed = fmt.Sprintf("at %s: %s", s.timeAt(i), v.observed)
			return v
		case !c.Always && v.ok:
			v.expected = "eventually " + v.expected
			v.observed = fmt.Sprintf("at %s: %s", s.timeAt(i), v.observed)
			return v
		}
	}
	if c.Always {
		last.expected = "always " + last.expected
		last.observed = fmt.Sprintf("held at all %d points; at the end: %s", len(points), last.observed)
		return last
	}
	last.expected = "eventually " + last.expected
	last.observed = fmt.Sprintf("never held in %d points; at the end: %s", len(points), last.observed)
	return last
}
