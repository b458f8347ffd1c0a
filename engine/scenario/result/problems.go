package result

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// StepError reports an unmatched step at pos (its expect pattern), with
// the events nearest its pattern; want is the number of events the
// pattern asks for (xN), so that a partial match says how many it found.
func StepError(pos diag.Pos, st *Step, want int) *diag.Error {
	e := diag.Errorf(pos, "step %q: no event matches %q after the previous step", st.Title, st.Pattern)
	if want > 1 && len(st.Events) > 0 {
		e.Msg = fmt.Sprintf("step %q: %d events match %q after the previous step, want %d", st.Title, len(st.Events), st.Pattern, want)
	}
	e.Phase = "run"
	if len(st.Nearest) == 0 {
		e.WithHint("the run recorded no event of this kind; check the actor and the verb")
		return e
	}
	lines := make([]string, len(st.Nearest))
	for i := range st.Nearest {
		lines[i] = Line(&st.Nearest[i])
	}
	e.WithHint("nearest recorded events:\n    " + strings.Join(lines, "\n    "))
	return e
}

// ClaimError reports a false claim at pos with what it expected, what the
// run showed and the evidence; what names the claim ("claim", "claim
// under \"kill scheduler\"").
func ClaimError(pos diag.Pos, what string, c *Claim) *diag.Error {
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
