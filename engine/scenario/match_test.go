package scenario

import (
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// Steps match in order; a step whose pattern nothing matches reports the
// nearest recorded events, best first.
func TestStepsAndNearest(t *testing.T) {
	s := rolloutSession(t)
	ms := s.steps
	want := []struct {
		title   string
		matched bool
		n       int
	}{{"Apply", true, 1}, {"Bind Pods", true, 3}, {"New template", true, 1}, {"New ReplicaSet", true, 1}, {"Bob refused", false, 0}}
	if len(ms) != len(want) {
		t.Fatalf("%d matches", len(ms))
	}
	for i, w := range want {
		m := ms[i]
		if m.Step.Title.Value != w.title || m.Matched != w.matched || len(m.Events) != w.n {
			t.Errorf("step %d: %s matched=%v %d events; want %+v", i, m.Step.Title.Value, m.Matched, len(m.Events), w)
		}
		if i > 0 && m.Matched && m.Events[0] <= ms[i-1].Last() {
			t.Errorf("step %s is not after the previous one", w.title)
		}
	}
	near := ms[4].Nearest
	if len(near) != NearestShown {
		t.Fatalf("nearest %v", near)
	}
	first := FormatEvent(s.Trace().At(near[0]))
	if !strings.Contains(first, "bob -> apiserver CREATE configmaps demo/notes => 403 Forbidden") {
		t.Errorf("nearest event %q, want bob's refused create", first)
	}
}

// An unmatched step and a false claim are reported at their lesson
// positions, with the nearest events and the evidence.
func TestProblems(t *testing.T) {
	src := strings.Replace(readFile(t, "create-deployment.yaml"), "scheduler CREATE pods/binding demo/web-* x3", "scheduler CREATE pods/binding demo/web-* x4", 1)
	src = strings.Replace(src, "count pods demo app=web == 3", "count pods demo app=web == 4", 1)
	sc := parseScenario(t, src)
	r, err := RunScenario(sc, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	got := Problems(sc, r).Error()
	golden(t, "problems.golden", got+"\n")
	if !r.Failed() {
		t.Error("the result does not say it failed")
	}
}

// Equal inputs give equal results.
func TestDeterminism(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	a, err := RunScenario(sc, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunScenario(sc, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs of one scenario differ")
	}
	if len(a.Trace) == 0 || a.Trace[0].Seq == 0 {
		t.Errorf("trace from the start mark: %d events", len(a.Trace))
	}
}

// RunAll keeps the input order and runs identical jobs once.
func TestRunAll(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	other := parseScenario(t, strings.Replace(readFile(t, "create-deployment.yaml"), "id: create-deployment", "id: create-deployment-2", 1))
	cfg := twoWorkers(t)
	outs := RunAll([]Job{{sc, cfg}, {other, cfg}, {sc, cfg}})
	if len(outs) != 3 {
		t.Fatalf("%d outcomes", len(outs))
	}
	for i, o := range outs {
		if o.Err != nil || o.Result == nil {
			t.Fatalf("outcome %d: %v", i, o.Err)
		}
	}
	if outs[0].Result.ID != "create-deployment" || outs[1].Result.ID != "create-deployment-2" {
		t.Errorf("order %s %s", outs[0].Result.ID, outs[1].Result.ID)
	}
	if outs[0].Result != outs[2].Result {
		t.Error("an identical job ran twice")
	}
	if reflect.DeepEqual(outs[0].Result.Trace, outs[1].Result.Trace) {
		t.Error("two scenarios with different ids share a seed")
	}
}

// A run that cannot be carried out fails at the action's position.
func TestRunErrors(t *testing.T) {
	cases := []struct{ name, run, want string }{
		{"unknown user", "  - as: carol\n    get: pod demo/x\n", `test.md:5:9: unknown user "carol"`},
		{"until never", "  - until: count pods demo == 1\n    limit: 30s\n", `test.md:5:12: until: "count pods demo == 1" did not hold within 30s of virtual time (observed 0)`},
		{"bad object", "  - as: alice\n    apply: |\n      kind: ConfigMap\n      metadata: {name: x}\n", `test.md:7:7: apiVersion not set`},
		{"fault target", "  - fault: kill node worker-z\n", `test.md:5:12: fault "kill node worker-z": no node "worker-z"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := parseScenario(t, "id: broken\ntitle: Broken\ncluster: two-workers\nrun:\n"+c.run)
			_, err := RunScenario(sc, twoWorkers(t))
			var de *diag.Error
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("error %v\nwant %s", err, c.want)
			}
			if !errorsAs(err, &de) {
				t.Errorf("error %T has no position", err)
			}
		})
	}
}
