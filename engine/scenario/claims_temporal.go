package scenario

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// temporalClaim is "always CLAIM" (after every event of the run up to at)
// or "eventually CLAIM" (after some event). A claim on objects can only
// change where the store changed, so it is evaluated at the start mark
// and after each event that changed an object; a claim on events is
// evaluated after each event. Only the verdict at the deciding point (or
// at the last one) is shown, so the others are asked for their verdict
// alone (see holds).
func (s *Session) temporalClaim(c *spec.TemporalClaim, at int) verdict {
	points := []int{s.Start - 1}
	if readsTrace(c.Claim) {
		for i := s.Start; i <= at; i++ {
			points = append(points, i)
		}
	} else {
		points = append(points, s.History.ChangedAt(s.Start, at)...)
	}
	decided := -1
	for j, i := range points {
		if s.holds(c.Claim, i) != c.Always {
			decided = j
			break
		}
	}
	if decided >= 0 {
		i := points[decided]
		v := s.eval(c.Claim, i)
		if c.Always {
			v.expected = "always " + v.expected
		} else {
			v.expected = "eventually " + v.expected
		}
		v.observed = fmt.Sprintf("at %s: %s", s.timeAt(i), v.observed)
		return v
	}
	last := s.eval(c.Claim, points[len(points)-1])
	if c.Always {
		last.expected = "always " + last.expected
		last.observed = fmt.Sprintf("held at all %d points; at the end: %s", len(points), last.observed)
		return last
	}
	last.expected = "eventually " + last.expected
	last.observed = fmt.Sprintf("never held in %d points; at the end: %s", len(points), last.observed)
	return last
}
