package book

import (
	"fmt"
	"strings"

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

// stepError reports an unmatched step with the events nearest its
// pattern.
func stepError(s spec.Step, st result.Step) *diag.Error {
	pos := s.Pos
	if s.Expect != nil {
		pos = s.Expect.Pos
	}
	e := diag.Errorf(pos, "step %q: no event matches %q after the previous step", st.Title, st.Pattern)
	e.Phase = "run"
	if len(st.Nearest) == 0 {
		e.WithHint("the run recorded no event of this kind; check the actor and the verb")
		return e
	}
	lines := make([]string, len(st.Nearest))
	for i := range st.Nearest {
		lines[i] = result.Line(&st.Nearest[i])
	}
	e.WithHint("nearest recorded events:\n    " + strings.Join(lines, "\n    "))
	return e
}

// claimError reports a false claim with what it expected, what the run
// showed and the evidence.
func claimError(pos diag.Pos, what string, c result.Claim) *diag.Error {
	e := diag.Errorf(pos, "%s is false: %s", what, c.Text)
	e.Phase = "run"
	hint := fmt.Sprintf("expected %s, observed %s", orDash(c.Expected), orDash(c.Observed))
	if len(c.Evidence) > 0 {
		hint += "\n    " + strings.Join(c.Evidence, "\n    ")
	}
	e.WithHint(hint)
	return e
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
