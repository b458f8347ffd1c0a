package book

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/site"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// buildModel builds the model test site, with one replacement of from by
// to in page, on the model engine.
func buildModel(t *testing.T, page, from, to string) (*Book, *site.Output, error) {
	t.Helper()
	dir := writeSite(t, "model")
	if page != "" {
		p := filepath.Join(dir, filepath.FromSlash(page))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(from)) {
			t.Fatalf("%s has no %q", page, from)
		}
		if err := os.WriteFile(p, bytes.Replace(src, []byte(from), []byte(to), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := New(Options{Source: dir})
	out, err := site.Build(site.Options{Source: dir, Registry: b.Registry(), Book: b})
	return b, out, err
}

func TestEveryBlockKindRunsOnTheModel(t *testing.T) {
	b, out, err := buildModel(t, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	r := b.Report()
	if r.Scenarios != 1 || r.Steps != 2 || r.Proofs != 1 || r.Faults != 1 || r.Combinations != 2 || r.Variants != 2 || r.Problems != 0 {
		t.Errorf("report = %+v", r)
	}
	for page, wants := range map[string][]string{
		"a/run.html":     {`id="web"`, `<code class="lb-op">CREATE deployments demo/web</code>`, `id="quiz"`, `id="whole"`, "It places Pods."},
		"a/explore.html": {`id="gates"`, "403", `id="whatif"`, "Insufficient cpu", `id="failures"`, "Placement of new Pods."},
	} {
		html, ok := out.Lookup(page)
		if !ok {
			t.Fatalf("no %s", page)
		}
		for _, w := range wants {
			if !bytes.Contains(html, []byte(w)) {
				t.Errorf("%s lacks %q", page, w)
			}
		}
	}
	if events, ok := b.Trace("web"); !ok || len(events) != 0 {
		t.Errorf("a build kept the trace of web: %d events", len(events))
	}
	var gates *result.Gates
	for _, e := range b.order {
		if g, ok := e.out.(*result.Gates); ok {
			gates = g
		}
	}
	if gates == nil || len(gates.Variants) != 2 || gates.Variants[1].Code != 403 || gates.Variants[1].Stored {
		t.Errorf("gates = %+v", gates)
	}
}

// The mistakes an author makes, each failing the build with its position
// and a message kept in testdata/errors.golden.
func TestAuthoringMistakesOnTheModel(t *testing.T) {
	run, explore := "lessons/01-a/01-run.md", "lessons/01-a/02-explore.md"
	cases := []struct{ name, page, from, to string }{
		{"false claim", run, "count pods demo app=web == 2", "count pods demo app=web == 3"},
		{"unmatched step", run, "scheduler CREATE pods/binding demo/* x2", "scheduler CREATE pods/binding demo/* x3"},
		{"wrong quiz proof", run, `claim: "never alice -> etcd"`, `claim: "never alice -> apiserver"`},
		{"unknown actor", run, "never scheduler -> kubelet", "never schedular -> kubelet"},
		{"misspelt fault", explore, "fault: kill scheduler", "fault: kil scheduler"},
		{"unknown fixture", explore, "cluster: two-workers\nbase:", "cluster: two-worker\nbase:"},
		{"false fault claim", explore, "status.phase=Pending >= 1", "status.phase=Pending == 0"},
		{"until never holds", run, ".status.readyReplicas == 2", ".status.readyReplicas == 5"},
	}
	var got strings.Builder
	for _, c := range cases {
		_, _, err := buildModel(t, c.page, c.from, c.to)
		if err == nil {
			t.Errorf("%s: the build succeeded", c.name)
			continue
		}
		got.WriteString("-- " + c.name + " --\n" + err.Error() + "\n")
	}
	golden := filepath.Join("testdata", "errors.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("errors differ from %s (run with -update):\n%s", golden, got.String())
	}
}

// A Book made with Traces keeps each scenario's trace, from its first
// action on, and builds the same pages as one without.
func TestTracesAreKeptWhenAsked(t *testing.T) {
	lean, leanOut, err := buildModel(t, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeSite(t, "model")
	b := New(Options{Source: dir, Traces: true})
	out, err := site.Build(site.Options{Source: dir, Registry: b.Registry(), Book: b})
	if err != nil {
		t.Fatal(err)
	}
	events, ok := b.Trace("web")
	if !ok || len(events) == 0 || events[0].From != "alice" {
		t.Fatalf("trace of web: %d events", len(events))
	}
	for _, page := range []string{"a/run.html", "a/explore.html"} {
		want, _ := leanOut.Lookup(page)
		got, _ := out.Lookup(page)
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs when traces are kept", page)
		}
	}
	if !reflect.DeepEqual(lean.Report(), b.Report()) {
		t.Errorf("report %+v, without traces %+v", b.Report(), lean.Report())
	}
}
