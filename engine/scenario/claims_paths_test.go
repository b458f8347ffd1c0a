package scenario

import (
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// A false claim on a field the object lacks names the field it most
// likely meant, and only a near miss that the object has.
func TestClaimPathHints(t *testing.T) {
	s := rolloutSession(t)
	cases := []struct {
		claim, hint string
	}{
		{"deployment demo/web .spec.replcias == 2", "deployment demo/web has no .spec.replcias (an empty field is left out); did you mean .spec.replicas?"},
		{"deployment demo/web .spec.replicas == 3", ""},
		{"deployment demo/web .satus.replicas == 2", "deployment demo/web has no .satus.replicas (an empty field is left out); did you mean .status.replicas?"},
		{"pod demo app=web .status.phaze == Running", "pod demo/web-"},
		{"deployment demo/web .spec.template.spec.containers[0].imag == web:v2", "deployment demo/web has no .spec.template.spec.containers[0].imag (an empty field is left out); did you mean .spec.template.spec.containers[0].image?"},
		{"deployment demo/web .spec.selector.matchLabel.app == web", "deployment demo/web has no .spec.selector.matchLabel.app (an empty field is left out); did you mean .spec.selector.matchLabels.app?"},
		{"deployment demo/web .status.readyReplica == 9", "deployment demo/web has no .status.readyReplica (an empty field is left out); did you mean .status.readyReplicas?"},
		// A right path the object leaves out, next to a near one: the
		// hint says that an empty field is left out.
		{"deployment demo/web .status.unavailableReplicas == 0", "deployment demo/web has no .status.unavailableReplicas (an empty field is left out); did you mean .status.availableReplicas?"},
		// Fields the object leaves out, with no near miss beside them.
		{"deployment demo/web .status.collisionCount == 1", ""},
		{"deployment demo/web .spec.paused == true", ""},
		// Three edits from .spec.strategy: more than a slip.
		{"deployment demo/web .spec.strat == x", ""},
		// The corrected path must exist as a whole.
		{"deployment demo/web .spec.replcias.x == 1", ""},
		{"values deployment demo/web .spec.replcias == [3, 2]", "deployment demo/web has no .spec.replcias (an empty field is left out); did you mean .spec.replicas?"},
	}
	for _, c := range cases {
		t.Run(c.claim, func(t *testing.T) {
			cl, err := spec.ParseClaim(c.claim, diag.Pos{File: "test.md", Line: 1, Col: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := s.Check(cl)
			if got.OK {
				t.Fatalf("the claim holds: %+v", got)
			}
			hints := slices.DeleteFunc(slices.Clone(got.Evidence), func(e string) bool { return !strings.Contains(e, "did you mean") })
			switch {
			case c.hint == "" && len(hints) > 0:
				t.Errorf("a hint where none was wanted: %q", hints)
			case c.hint != "" && (len(hints) != 1 || !strings.HasPrefix(hints[0], c.hint)):
				t.Errorf("hints %q, want one starting %q", hints, c.hint)
			}
		})
	}
}
