package scenario

import (
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Problems returns, positioned in the lesson, what failed in a scenario's
// result: each unmatched step with its pattern and the nearest recorded
// events, and each false claim with what it expected, what the run
// showed and the evidence. It is nil for a scenario that passed.
func Problems(s *spec.Scenario, r *result.Scenario) diag.List {
	var out diag.List
	for i := range r.Steps {
		if st := &r.Steps[i]; !st.Matched && i < len(s.Steps) && s.Steps[i].Expect != nil {
			p := s.Steps[i].Expect
			out = append(out, result.StepError(p.Pos, st, p.Count.N))
		}
	}
	for i := range r.Claims {
		if c := &r.Claims[i]; !c.OK && i < len(s.Claims) {
			out = append(out, result.ClaimError(s.Claims[i].ClaimPos(), "claim", c))
		}
	}
	out.Sort()
	return out
}
