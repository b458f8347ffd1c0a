package kubectl

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// testNow is the instant the fixture state is printed at: one hour into
// the run.
const testNow = sim.Time(time.Hour)

// state reads testdata/state.yaml as a Source.
func state(t testing.TB) Source {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "state.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := object.DecodeYAML(b)
	if err != nil {
		t.Fatal(err)
	}
	var objs []*object.Object
	for _, d := range docs {
		if d.Err != nil {
			t.Fatal(d.Err)
		}
		objs = append(objs, d.Object)
	}
	return func(kind, ns string) []*object.Object {
		var out []*object.Object
		for _, o := range objs {
			if o.Kind == kind && (ns == "" || o.Meta.Namespace == ns) {
				out = append(out, o)
			}
		}
		return out
	}
}

// golden compares got with testdata/NAME.golden, rewriting it with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s--- want\n%s", name, path, got, want)
	}
}
