package render

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// TestStepsComeFromEvents changes the events a step matched and checks
// that the rendered actor, operation and map state change with them: the
// page shows what the engine recorded, not what the author expected.
func TestStepsComeFromEvents(t *testing.T) {
	cases := []struct {
		name   string
		change func(*trace.Event)
		want   []string
		absent []string
	}{
		{
			name:   "as written",
			change: func(*trace.Event) {},
			want:   []string{`<span class="lb-label">Actor</span> alice → apiserver`, `<code class="lb-op">CREATE deployments demo/web</code>`, `data-actors="alice apiserver"`, `,CREATE"`},
		},
		{
			name:   "another actor",
			change: func(e *trace.Event) { e.From = "automation" },
			want:   []string{`<span class="lb-label">Actor</span> automation → apiserver`, `data-actors="automation apiserver"`},
			absent: []string{`alice → apiserver`},
		},
		{
			name:   "another verb",
			change: func(e *trace.Event) { e.Verb = trace.Update },
			want:   []string{`<code class="lb-op">UPDATE deployments demo/web</code>`, `,UPDATE"`},
			absent: []string{`<code class="lb-op">CREATE deployments demo/web</code>`},
		},
		{
			name:   "a controller",
			change: func(e *trace.Event) { e.From = "deployment-controller"; e.Resource = "replicasets" },
			want:   []string{`deployment-controller → apiserver`, `data-actors="controller-manager apiserver"`, `CREATE replicasets demo/web`},
		},
		{
			name:   "a refusal",
			change: func(e *trace.Event) { e.Outcome = trace.Outcome{Code: 403, Reason: trace.ReasonForbidden} },
			want:   []string{`CREATE deployments demo/web → 403 Forbidden`},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := fixtureScenario()
			tc.change(&s.Steps[0].Events[0])
			var b bytes.Buffer
			if err := Scenario(&b, s, Options{}); err != nil {
				t.Fatal(err)
			}
			first := stepItem(t, b.String(), 1)
			for _, w := range tc.want {
				if !strings.Contains(first, w) {
					t.Errorf("step 1 lacks %q:\n%s", w, first)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(first, a) {
					t.Errorf("step 1 still shows %q", a)
				}
			}
		})
	}
}

// stepItem returns the <li> of step n.
func stepItem(t *testing.T, html string, n int) string {
	t.Helper()
	start := strings.Index(html, `data-step="`+strconv.Itoa(n)+`"`)
	if start < 0 {
		t.Fatalf("no step %d", n)
	}
	end := strings.Index(html[start:], "</li>")
	return html[start : start+end]
}

// TestStepCalls checks the arrows a step draws: one per distinct pair of
// map boxes, none for a decision inside one actor or between two
// controllers of the same box.
func TestStepCalls(t *testing.T) {
	l := layoutMap(fixtureMap())
	cases := []struct {
		name   string
		events []trace.Event
		calls  int
	}{
		{"none", nil, 0},
		{"one call", []trace.Event{ev(0, "alice", "apiserver", trace.Create, "deployments", "demo", "web")}, 1},
		{"same pair twice", []trace.Event{ev(0, "scheduler", "apiserver", trace.Create, "pods/binding", "demo", "a"), ev(1, "scheduler", "apiserver", trace.Create, "pods/binding", "demo", "b")}, 1},
		{"decision", []trace.Event{ev(0, "scheduler", "", trace.Filter, "pods", "demo", "a")}, 0},
		{"inside one box", []trace.Event{ev(0, "deployment-controller", "replicaset-controller", trace.Notify, "", "", "")}, 0},
		{"unknown actor", []trace.Event{ev(0, "mallory", "apiserver", trace.Get, "", "", "")}, 0},
		{"bounded", []trace.Event{
			ev(0, "alice", "apiserver", trace.Get, "", "", ""), ev(0, "automation", "apiserver", trace.Get, "", "", ""),
			ev(0, "scheduler", "apiserver", trace.Get, "", "", ""), ev(0, "kubelet/worker-a", "apiserver", trace.Get, "", "", ""),
			ev(0, "kubelet/worker-b", "apiserver", trace.Get, "", "", ""),
		}, maxCalls},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := stepCalls(tc.events, l)
			n := 0
			if got != "" {
				n = strings.Count(got, ";") + 1
			}
			if n != tc.calls {
				t.Errorf("stepCalls = %q: %d calls, want %d", got, n, tc.calls)
			}
		})
	}
}

// TestOddInputs renders values the engine should never produce, and
// values with nothing in them: no renderer may panic or fail.
func TestOddInputs(t *testing.T) {
	s := fixtureScenario()
	s.Map = nil
	w := fixtureWhatif()
	w.Outcomes[1].Choice = []int{7, -1, 3}
	w.Outcomes[2].Values = nil
	g := fixtureGates()
	g.Variants[1].Passed = 99
	g.Variants[2].StoppedAt = "nowhere"
	g.Variants[2].Passed = -4
	q := fixtureQuiz()
	q.Questions[1].Correct = []int{-1, 9}
	q.Questions = append(q.Questions, result.Question{Kind: "which actor", Statement: "?", Actor: "nobody"})
	m := &result.Map{Actors: []result.MapActor{{ID: "a", Label: ""}, {ID: "a", Label: strings.Repeat("x", 200), Role: result.RolePod}, {ID: "b", Role: 200}}}
	renders := map[string]func(*bytes.Buffer) error{
		"nil map":          func(b *bytes.Buffer) error { return Map(b, nil, Options{}) },
		"odd map":          func(b *bytes.Buffer) error { return Map(b, m, Options{HeadingLevel: 9}) },
		"nil mapblock":     func(b *bytes.Buffer) error { return MapBlock(b, nil, Options{}) },
		"nil scenario":     func(b *bytes.Buffer) error { return Scenario(b, nil, Options{}) },
		"scenario, no map": func(b *bytes.Buffer) error { return Scenario(b, s, Options{Number: 123}) },
		"nil failures":     func(b *bytes.Buffer) error { return Failures(b, nil, Options{}) },
		"empty failures": func(b *bytes.Buffer) error {
			return Failures(b, &result.Failures{Cases: []result.FaultCase{{}}}, Options{})
		},
		"nil whatif":        func(b *bytes.Buffer) error { return Whatif(b, nil, Options{}) },
		"odd whatif":        func(b *bytes.Buffer) error { return Whatif(b, w, Options{}) },
		"nil gates":         func(b *bytes.Buffer) error { return Gates(b, nil, Options{}) },
		"odd gates":         func(b *bytes.Buffer) error { return Gates(b, g, Options{}) },
		"nil quiz":          func(b *bytes.Buffer) error { return Quiz(b, nil, Options{}) },
		"odd quiz":          func(b *bytes.Buffer) error { return Quiz(b, q, Options{Map: m}) },
		"quiz, unicode ids": func(b *bytes.Buffer) error { return Quiz(b, &result.Quiz{ID: "quïz ✓"}, Options{}) },
	}
	for name, r := range renders {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := r(&b); err != nil {
				t.Fatal(err)
			}
			if b.Len() == 0 {
				t.Fatal("nothing written")
			}
			checkWellFormed(t, name, b.Bytes())
		})
	}
}

// TestTouched checks which field paths a change path covers: itself and
// the paths below it, not a sibling that shares its first bytes.
func TestTouched(t *testing.T) {
	for _, tc := range []struct {
		path, change string
		want         bool
	}{
		{".metadata.labels", ".metadata.labels", true},
		{".metadata.labels.app", ".metadata.labels", true},
		{".spec.containers[0].image", ".spec.containers", true},
		{`.metadata.annotations["a.b/c"]`, ".metadata.annotations", true},
		{".metadata.labelsX", ".metadata.labels", false},
		{".metadata.label", ".metadata.labels", false},
		{".spec.replicas", ".status.replicas", false},
		{".spec", "", true},
		{"", "", true},
	} {
		if got := touched(tc.path, []string{".other", tc.change}); got != tc.want {
			t.Errorf("touched(%q, %q) = %v, want %v", tc.path, tc.change, got, tc.want)
		}
	}
	if touched(".spec", nil) {
		t.Error("touched with no changes = true")
	}
}
