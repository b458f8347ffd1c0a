package scenario

import (
	"fmt"
	"strings"

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
	for i, st := range r.Steps {
		if st.Matched || i >= len(s.Steps) || s.Steps[i].Expect == nil {
			continue
		}
		p := s.Steps[i].Expect
		e := diag.Errorf(p.Pos, "step %q: no event matches %q after the previous step", st.Title, p.Text)
		if n := p.Count.N; n > 1 && len(st.Events) > 0 {
			e.Msg = fmt.Sprintf("step %q: %d events match %q after the previous step, want %d", st.Title, len(st.Events), p.Text, n)
		}
		var lines []string
		for j := range st.Nearest {
			lines = append(lines, FormatEvent(&st.Nearest[j]))
		}
		if len(lines) > 0 {
			e.Hint = "nearest events:\n\t" + strings.Join(lines, "\n\t")
		}
		out = append(out, e)
	}
	for i, c := range r.Claims {
		if c.OK || i >= len(s.Claims) {
			continue
		}
		e := diag.Errorf(s.Claims[i].ClaimPos(), "claim %q is false: expected %s, observed %s", c.Text, c.Expected, c.Observed)
		if len(c.Evidence) > 0 {
			e.Hint = "evidence:\n\t" + strings.Join(c.Evidence, "\n\t")
		}
		out = append(out, e)
	}
	out.Sort()
	return out
}
