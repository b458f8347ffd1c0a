package book

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/site"
)

// fakeEngine answers every step with one event whose verb is verb, from
// the actor the step's pattern names; steps and claims that name
// worker-b fail.
type fakeEngine struct {
	verb trace.Verb
	runs atomic.Int32
}

func (f *fakeEngine) Scenario(s *spec.Scenario, _ *spec.Fixture) (*result.Scenario, error) {
	f.runs.Add(1)
	res := &result.Scenario{ID: s.ID.Value, Title: s.Title.Value, Map: &result.Map{}}
	for _, st := range s.Steps {
		actor := strings.Fields(st.Expect.Text)[0]
		ev := trace.Event{From: trace.Actor(actor), To: "apiserver", Verb: f.verb, Resource: "deployments", Namespace: "demo", Name: "web"}
		step := result.Step{Title: st.Title.Value, Say: st.Say.Value, Pattern: st.Expect.Text, Matched: !strings.Contains(st.Expect.Text, "worker-b")}
		if step.Matched {
			step.Events = []trace.Event{ev}
		}
		res.Steps = append(res.Steps, step)
		res.Map.Actors = append(res.Map.Actors, result.MapActor{ID: result.MapID(actor), Label: actor, Role: result.RoleClient,
			Inventory: result.Inventory{Writes: []string{f.verb.String() + " deployments"}}})
	}
	for _, c := range s.Claims {
		ok := !strings.Contains(c.ClaimText(), "worker-b")
		res.Claims = append(res.Claims, result.Claim{Text: c.ClaimText(), OK: ok, Expected: "none", Observed: "2 events"})
	}
	return res, nil
}

func (f *fakeEngine) Failures(*spec.Failures, *spec.Scenario, *spec.Fixture) (*result.Failures, error) {
	return &result.Failures{}, nil
}
func (f *fakeEngine) Whatif(*spec.Whatif, *spec.Fixture) (*result.Whatif, error) {
	return &result.Whatif{}, nil
}
func (f *fakeEngine) Gates(*spec.Gates, *spec.Fixture) (*result.Gates, error) {
	return &result.Gates{}, nil
}

// writeSite writes testdata/NAME.txtar, with files replaced by the given
// name/content pairs, into a temporary folder.
func writeSite(t *testing.T, name string, replace ...string) string {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string][]byte{}
	for _, f := range a.Files {
		files[f.Name] = f.Data
	}
	for i := 0; i+1 < len(replace); i += 2 {
		files[replace[i]] = []byte(replace[i+1])
	}
	for n, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// buildWith builds dir with a Book on eng.
func buildWith(dir string, eng Engine) (*Book, *site.Output, error) {
	b := New(Options{Source: dir, Engine: eng})
	out, err := site.Build(site.Options{Source: dir, Registry: b.Registry(), Book: b})
	return b, out, err
}

func TestStepTablesComeFromTheEngine(t *testing.T) {
	dir := writeSite(t, "site")
	for _, verb := range []trace.Verb{trace.Create, trace.Patch} {
		_, out, err := buildWith(dir, &fakeEngine{verb: verb})
		if err != nil {
			t.Fatal(err)
		}
		page, _ := out.Lookup("a/create.html")
		for _, want := range []string{`<code class="lb-op">` + verb.String() + " deployments demo/web</code>", "scheduler → apiserver"} {
			if !bytes.Contains(page, []byte(want)) {
				t.Errorf("with the engine answering %s, the page lacks %q", verb, want)
			}
		}
	}
}

func TestReportCountsAndProofs(t *testing.T) {
	eng := &fakeEngine{verb: trace.Create}
	b, _, err := buildWith(writeSite(t, "site"), eng)
	if err != nil {
		t.Fatal(err)
	}
	r := b.Report()
	if r.Scenarios != 1 || r.Steps != 2 || r.Claims != 1 || r.Proofs != 1 || r.Problems != 0 || len(r.Blocks) != 3 {
		t.Errorf("report = %+v", r)
	}
	if n := eng.runs.Load(); n != 1 {
		t.Errorf("the scenario ran %d times, want once (its proof rides along)", n)
	}
	if ids := b.Scenarios(""); len(ids) != 1 || ids[0] != "create" {
		t.Errorf("Scenarios = %v", ids)
	}
}

func TestProblemsArePositioned(t *testing.T) {
	page := "lessons/01-a/01-create.md"
	src, _ := os.ReadFile(filepath.Join(writeSite(t, "site"), page))
	tests := []struct {
		name, from, to, want string
	}{
		{"false claim", "never scheduler -> kubelet", "never scheduler -> kubelet/worker-b", page + ":25:5: claim is false: never scheduler -> kubelet/worker-b; expected none, observed 2 events"},
		{"unmatched step", "scheduler CREATE pods/binding demo/* x3", "kubelet/worker-b CREATE pods/binding demo/* x3", page + ":22:13: step \"Bind\": no event matches"},
		{"false proof", `claim: "never alice -> etcd"`, `claim: "never alice -> kubelet/worker-b"`, page + ":34:39: quiz proof against \"create\" is false"},
		{"unknown fixture", "cluster: two", "cluster: tow", page + ":10:10: unknown fixture \"tow\"; did you mean \"two\"?"},
		{"duplicate id", "id: q1", "id: create", page + ":29:5: block id \"create\" is already used at " + page + ":8:5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, "site", page, strings.Replace(string(src), tt.from, tt.to, 1))
			_, _, err := buildWith(dir, &fakeEngine{verb: trace.Create})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func TestUnchangedBlocksRunOnce(t *testing.T) {
	dir := writeSite(t, "site")
	eng := &fakeEngine{verb: trace.Create}
	b := New(Options{Source: dir, Engine: eng})
	builder := site.NewBuilder(site.Options{Source: dir, Registry: b.Registry(), Book: b})
	for range 2 {
		if _, err := builder.Build(); err != nil {
			t.Fatal(err)
		}
	}
	if n := eng.runs.Load(); n != 1 {
		t.Errorf("two builds ran the scenario %d times, want 1", n)
	}
}

// nilEngine runs nothing: every block fails without a result.
type nilEngine struct{ fakeEngine }

var errNotYet = errors.New("this block kind cannot run yet")

func (*nilEngine) Failures(*spec.Failures, *spec.Scenario, *spec.Fixture) (*result.Failures, error) {
	return nil, errNotYet
}

func TestABlockWithoutResultFailsCleanly(t *testing.T) {
	page := "lessons/01-a/02-map.md"
	dir := writeSite(t, "site", page, "---\ntitle: Map\n---\n\n```failures\nid: f\nbaseline: create\nfaults:\n  - fault: kill scheduler\n```\n")
	_, _, err := buildWith(dir, &nilEngine{fakeEngine{verb: trace.Create}})
	if err == nil || !strings.Contains(err.Error(), page+":6:1: failures \"f\": this block kind cannot run yet") {
		t.Errorf("error = %v", err)
	}
}
