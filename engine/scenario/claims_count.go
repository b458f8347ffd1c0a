package scenario

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// eventsClaim is "events PATTERN OP N": the number of events matching
// the pattern up to at.
func (s *Session) eventsClaim(c *spec.EventsClaim, at int) verdict {
	m := Compile(c.Pattern)
	is := s.matching(m, s.Start, at, 0)
	want := spec.Value{Text: strconv.Itoa(c.N.Value)}
	ok, _ := compare(int64(len(is)), true, c.Op, want, nil)
	return verdict{ok: ok, expected: fmt.Sprintf("%s %d events matching %q", c.Op, c.N.Value, c.Pattern.Text),
		observed: strconv.Itoa(len(is)), evidence: s.evidence(is)}
}
