package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

const whatifBlock = `id: pod-boundaries
cluster: two-workers
base: |
  apiVersion: v1
  kind: Pod
  metadata: {name: web-a, namespace: demo}
  spec: {containers: [{name: web, image: "web:v1"}]}
inputs:
  cpu request: {fits: 500m, too large: "16"}
  node taint: {none: null, dedicated: dedicated=gpu:NoSchedule}
  node selector: {none: null, ssd only: disktype=ssd}
  readiness probe: {passes: pass, fails: fail}
show: [phase, conditions, scheduler message, node, ready, restarts, "kubectl get pod -o wide"]
`

// showWhatif writes a what-if result, one combination per paragraph.
func showWhatif(w *result.Whatif) string {
	var b strings.Builder
	for _, o := range w.Outcomes {
		var choice []string
		for i, c := range o.Choice {
			choice = append(choice, w.Inputs[i].Label+"="+w.Inputs[i].Options[c])
		}
		fmt.Fprintf(&b, "## %s\n", strings.Join(choice, ", "))
		for i, v := range o.Values {
			fmt.Fprintf(&b, "%s: %s\n", w.Show[i], strings.TrimSuffix(v, "\n"))
		}
	}
	return b.String()
}

func TestRunWhatif(t *testing.T) {
	w := parseBlock[*spec.Whatif](t, "whatif", whatifBlock)
	cfg, err := Config(fixtures(t)["two-workers"], 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunWhatif(w, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcomes) != 16 {
		t.Fatalf("%d outcomes, want 16", len(res.Outcomes))
	}
	golden(t, "whatif/pod-boundaries.golden", showWhatif(res))
	cases := []struct {
		choice       string
		phase, ready string
		unscheduled  bool
	}{
		{"[0 0 0 0]", "Running", "True", false},
		{"[0 0 0 1]", "Running", "False", false},
		{"[0 1 0 0]", "Pending", "False", true},
		{"[0 0 1 0]", "Pending", "False", true},
		{"[1 0 0 0]", "Pending", "False", true},
	}
	for _, c := range cases {
		for _, o := range res.Outcomes {
			if fmt.Sprint(o.Choice) != c.choice {
				continue
			}
			if o.Values[0] != c.phase || o.Values[4] != c.ready || (o.Values[2] != "") != c.unscheduled {
				t.Errorf("%s: phase %q ready %q message %q", c.choice, o.Values[0], o.Values[4], o.Values[2])
			}
		}
	}
	again, err := RunWhatif(w, cfg)
	if err != nil || showWhatif(again) != showWhatif(res) {
		t.Errorf("a second run differs (%v)", err)
	}
}

func TestRunWhatifUnknownInput(t *testing.T) {
	src := strings.Replace(whatifBlock, "node selector:", "node selectr:", 1)
	w := parseBlock[*spec.Whatif](t, "whatif", src)
	cfg, err := Config(fixtures(t)["two-workers"], 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunWhatif(w, cfg)
	want := `lesson.md:11:3: whatif: unknown input "node selectr"; did you mean "node selector"? (the inputs are "cpu limit", "cpu request",`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error = %v, want one starting %q", err, want)
	}
}
