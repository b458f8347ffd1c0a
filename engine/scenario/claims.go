package scenario

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// MaxEvidence is how many events or objects a claim's evidence lists.
const MaxEvidence = 5

// verdict is a claim's outcome before it is dressed as a result.Claim.
type verdict struct {
	ok                 bool
	expected, observed string
	evidence           []string
}

// failf is a false verdict.
func failf(expected, format string, args ...any) verdict {
	return verdict{expected: expected, observed: fmt.Sprintf(format, args...)}
}

// Check evaluates a claim on the run so far: object claims on the
// objects as they are now (or right after the step or action their
// "after" names), event claims on the events since the start mark. It
// never fails to answer: a claim that cannot be evaluated (an unknown
// kind, an action that did not run) is false, and says why.
func (s *Session) Check(c spec.Claim) result.Claim {
	v := s.eval(c, s.End())
	return result.Claim{
		Text: c.ClaimText(), Pos: c.ClaimPos().String(), OK: v.ok,
		Expected: v.expected, Observed: v.observed, Evidence: v.evidence,
	}
}

// holds reports whether c holds after the event at index at, asking the
// claim for its verdict alone (see verdictOnly): what is looked at again
// and again, by an until or a temporal claim, writes no text.
func (s *Session) holds(c spec.Claim, at int) bool {
	verdictOnly := s.verdictOnly
	s.verdictOnly = true
	ok := s.eval(c, at).ok
	s.verdictOnly = verdictOnly
	return ok
}

// eval evaluates c as of right after the trace event at index at.
func (s *Session) eval(c spec.Claim, at int) verdict {
	switch c := c.(type) {
	case *spec.CallClaim:
		return s.callClaim(c, at)
	case *spec.FieldClaim:
		return s.fieldClaim(c, at)
	case *spec.CountClaim:
		return s.countClaim(c, at)
	case *spec.EventsClaim:
		return s.eventsClaim(c, at)
	case *spec.TemporalClaim:
		return s.temporalClaim(c, at)
	case *spec.ValuesClaim:
		return s.valuesClaim(c, at)
	case *spec.ChangeClaim:
		return s.changeClaim(c, at)
	case *spec.NoClaim:
		return s.noClaim(c, at)
	case *spec.BeforeClaim:
		return s.beforeClaim(c, at)
	case *spec.ElapsedClaim:
		return s.elapsedClaim(c, at)
	case *spec.ResponseClaim:
		return s.responseClaim(c)
	case *spec.StoredClaim:
		return s.storedClaim(at)
	}
	return failf("a known claim", "claim %T is not evaluated", c)
}
