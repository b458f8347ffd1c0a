package spec

import (
	"flag"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/loopbook/loopbook/engine/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// errorCase is one wrong input and the errors it must produce, kept in
// testdata/errors.txtar under its name.
type errorCase struct {
	name string
	// kind is a block kind, "fixture", "claim", "pattern" or "fault";
	// "check:KIND" parses a block that must parse cleanly, then checks
	// it against the test vocabulary.
	kind string
	body string
}

// lessonAt is where the test bodies start in their imaginary lesson: the
// body of a block inside a list item, indented by two.
var lessonAt = diag.Pos{File: "lesson.md", Line: 10, Col: 3}

// errorsOf runs one case and returns its error text.
func errorsOf(t *testing.T, c errorCase) string {
	t.Helper()
	var err error
	switch kind := c.kind; {
	case kind == "fixture":
		_, err = ParseFixture("two.yaml", []byte(c.body))
	case kind == "claim":
		_, err = ParseClaim(c.body, lessonAt)
	case kind == "pattern":
		_, err = ParsePattern(c.body, lessonAt)
	case kind == "fault":
		_, err = ParseFault(c.body, lessonAt)
	case strings.HasPrefix(kind, "check:"):
		b, perr := Parse(strings.TrimPrefix(kind, "check:"), []byte(c.body), lessonAt)
		if perr != nil {
			t.Fatalf("the case must parse cleanly, got:\n%v", perr)
		}
		err = b.Check(testVocabulary(t))
	default:
		_, err = Parse(kind, []byte(c.body), lessonAt)
	}
	if err == nil {
		t.Fatalf("no error")
	}
	var l diag.List
	l.Add(err)
	for _, e := range l {
		if e.Pos.Line < 1 || e.Pos.File == "" {
			t.Errorf("error without a position: %v", e)
		}
	}
	return err.Error() + "\n"
}

// testVocabulary is the default vocabulary with the two-workers fixture
// and one scenario.
func testVocabulary(t *testing.T) *Vocabulary {
	t.Helper()
	src, err := os.ReadFile("testdata/two-workers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFixture("two-workers.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	body, err := os.ReadFile("testdata/create-deployment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("scenario", body, diag.Pos{File: "01-create.md", Line: 5, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := DefaultVocabulary()
	v.Fixtures = map[string]*Fixture{"two-workers": f}
	v.Scenarios = map[string]*Scenario{"create-deployment": b.(*Scenario)}
	v.Timings = []string{"nodeMonitorGracePeriod", "podEvictionTimeout", "leaseDuration"}
	return v
}

func TestErrorCatalogue(t *testing.T) {
	const golden = "testdata/errors.txtar"
	want := map[string]string{}
	if !*update {
		a, err := txtar.ParseFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			want[f.Name] = string(f.Data)
		}
	}
	out := &txtar.Archive{Comment: []byte("The error catalogue: each case of errorCases (errors_cases_test.go) and the\nerrors it produces. Regenerate with go test -run TestErrorCatalogue -update.\n")}
	seen := map[string]bool{}
	for _, c := range errorCases {
		if seen[c.name] {
			t.Fatalf("duplicate case name %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			got := errorsOf(t, c)
			out.Files = append(out.Files, txtar.File{Name: c.name, Data: []byte(got)})
			if !*update && got != want[c.name] {
				t.Errorf("got:\n%swant:\n%s", got, want[c.name])
			}
		})
	}
	if *update {
		if err := os.WriteFile(golden, txtar.Format(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("golden case %q has no test case", name)
		}
	}
}
