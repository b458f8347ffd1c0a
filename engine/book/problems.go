package book

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// problemsOf turns what a run found wrong into positioned errors: an
// unmatched step at its expect pattern, a false claim at the claim.
func problemsOf(e *entry) diag.List {
	var out diag.List
	switch blk := e.parsed.(type) {
	case *spec.Scenario:
		res := e.scenario()
		if res == nil {
			return nil
		}
		for i, st := range res.Steps {
			if st.Matched || i >= len(blk.Steps) {
				continue
			}
			out = append(out, stepError(blk.Steps[i], st))
		}
		for i, c := range res.Claims {
			if !c.OK && i < len(blk.Claims) {
				out = append(out, claimError(blk.Claims[i].ClaimPos(), "claim", c))
			}
		}
	case *spec.Failures:
		res, _ := e.out.(*result.Failures)
		if res == nil {
			return nil
		}
		for i, fc := range res.Cases {
			if i >= len(blk.Faults) {
				break
			}
			for j, c := range fc.Claims {
				if !c.OK && j < len(blk.Faults[i].Claims) {
					out = append(out, claimError(blk.Faults[i].Claims[j].ClaimPos(), fmt.Sprintf("claim under %q", fc.Fault), c))
				}
			}
		}
	}
	return out
}

// stepError reports an unmatched step at its expect pattern.
func stepError(s spec.Step, st result.Step) *diag.Error {
	pos, want := s.Pos, 0
	if s.Expect != nil {
		pos, want = s.Expect.Pos, s.Expect.Count.N
	}
	return result.StepError(pos, &st, want)
}

// claimError reports a false claim at its position.
func claimError(pos diag.Pos, what string, c result.Claim) *diag.Error {
	return result.ClaimError(pos, what, &c)
}
