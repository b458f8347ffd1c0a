package scenario

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// twoWorkers is the site's two-workers fixture as a cluster config.
func twoWorkers(t testing.TB) cluster.Config {
	t.Helper()
	cfg, err := Config(fixtures(t)["two-workers"], 1)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// parseScenario parses a scenario block written at line 1 of test.md.
func parseScenario(t testing.TB, src string) *spec.Scenario {
	t.Helper()
	b, err := spec.Parse("scenario", []byte(src), diag.Pos{File: "test.md", Line: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b.(*spec.Scenario)
}

// readFile reads a file of testdata.
func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update to accept):\n%s", name, diffLines(string(want), got))
	}
}

// errorsAs is errors.As.
func errorsAs(err error, target any) bool { return errors.As(err, target) }

// wantAllHold fails the test for each step of res that matched nothing
// and each claim that is false.
func wantAllHold(t *testing.T, res *result.Scenario) {
	t.Helper()
	for _, st := range res.Steps {
		if !st.Matched {
			t.Errorf("step %q unmatched", st.Title)
		}
	}
	for _, c := range res.Claims {
		if !c.OK {
			t.Errorf("%s: expected %s, observed %s %v", c.Text, c.Expected, c.Observed, c.Evidence)
		}
	}
}
