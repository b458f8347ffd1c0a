package render

import (
	"bytes"
	"strings"
	"testing"
)

// Each step carries its own static map for the offline edition: the
// step's actors named, the call drawn with its verb.
func TestEveryStepHasItsOwnMap(t *testing.T) {
	s := fixtureScenario()
	var b bytes.Buffer
	if err := Scenario(&b, s, Options{}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	withCalls := 0
	for i := range s.Steps {
		if stepCalls(s.Steps[i].Events, layoutMap(s.Map)) != "" {
			withCalls++
		}
	}
	if n := strings.Count(got, `<svg class="lb-step-map"`); n != len(s.Steps) {
		t.Errorf("%d step maps for %d steps", n, len(s.Steps))
	}
	if n := strings.Count(got, `<path class="lb-call-head"`); n < withCalls {
		t.Errorf("%d arrowheads, want at least one per step with a call (%d)", n, withCalls)
	}
	if !strings.Contains(got, `aria-label="Step 1 on the map: alice`) {
		t.Errorf("the first step's map does not name its actors")
	}
	if !strings.Contains(got, `<text class="lb-call-label"`) {
		t.Error("no call label on the step maps")
	}
}
