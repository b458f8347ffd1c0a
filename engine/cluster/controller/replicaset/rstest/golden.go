package rstest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Summary renders the trace as the workload tests compare it, one line per
// event: the API calls of every actor but the manager's informers and the
// stand-in (their LISTs and WATCHes, bindings and status reports would
// drown the controllers' work) and the RECONCILE decisions, with time,
// actor, verb, resource, object, outcome and the fields a write changed.
// Gates and watch deliveries are left out: the API server's own tests
// cover them.
func Summary(log *trace.Log) string {
	var b strings.Builder
	for e := range log.All() {
		if !keep(e) {
			continue
		}
		res := e.Resource
		if e.Subresource != "" {
			res += "/" + e.Subresource
		}
		obj := e.Name
		if e.Namespace != "" {
			obj = e.Namespace + "/" + e.Name
		}
		fmt.Fprintf(&b, "%s %s %s %s %s", e.Time, e.From, e.Verb, res, obj)
		if e.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", e.Outcome.Code)
		}
		if e.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", e.Outcome.Reason)
		}
		if c := e.Changes(); !c.IsZero() && e.Verb != trace.Create {
			fmt.Fprintf(&b, " %s", strings.Join(append(append(append([]string{}, c.Set...), c.Changed...), c.Removed...), ","))
		}
		if e.Detail != "" && e.Verb == trace.Reconcile {
			fmt.Fprintf(&b, " (%s)", e.Detail)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func keep(e *trace.Event) bool {
	switch e.From {
	case Manager, SchedulerActor, KubeletActor, "alice":
		return e.From == "alice" && e.Verb != trace.Get
	}
	if e.Verb == trace.Reconcile {
		return true
	}
	if e.Verb == trace.List || e.Verb == trace.Watch {
		return false
	}
	return e.Verb.Kind() == trace.KindAPI && !strings.HasPrefix(string(e.From), string(trace.APIServer))
}

// Golden compares got with testdata/NAME.txt, or rewrites the file when
// update is set (the test package's -update flag).
func Golden(t testing.TB, update bool, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".txt")
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Errorf("trace differs from %s (run with -update to accept):\n%s", path, diff(string(want), got))
	}
}

// diff shows the first lines where want and got differ.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, a, b)
		}
	}
	return ""
}
