package scenario

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// traceJSON is a result's trace as JSON.
func traceJSON(t *testing.T, r *result.Scenario) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, ev := range r.Trace {
		if err := json.NewEncoder(&b).Encode(ev); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// A scenario's result keeps its trace when the runs after it record into
// the memory its boot gave up (trace.Log.Release): nothing of the result
// points into the released part.
func TestResultOutlivesTheRunsAfterIt(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	first, err := RunScenario(sc, twoWorkers(t))
	if err != nil || first.Failed() {
		t.Fatalf("run failed: %v", err)
	}
	want := traceJSON(t, first)
	for range 3 {
		if _, err := RunScenario(sc, twoWorkers(t)); err != nil {
			t.Fatal(err)
		}
	}
	if got := traceJSON(t, first); !bytes.Equal(got, want) {
		t.Fatal("a result's trace changed while later runs recorded theirs")
	}
	for _, st := range first.Steps {
		for _, ev := range st.Events {
			if ev.Seq < first.Trace[0].Seq {
				t.Errorf("step %q shows event %d, from before the run's start (%d)", st.Title, ev.Seq, first.Trace[0].Seq)
			}
		}
	}
}

// A run that keeps no trace gives the same steps, claims, map and
// responses as one that does, and they stay the same while later runs
// record into the memory its whole log gave up.
func TestRunWithoutTrace(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	full, err := RunScenario(sc, twoWorkers(t))
	if err != nil || full.Failed() {
		t.Fatalf("run failed: %v", err)
	}
	lean, err := RunScenarioWith(sc, twoWorkers(t), RunOptions{})
	if err != nil || lean.Failed() {
		t.Fatalf("run failed: %v", err)
	}
	if lean.Trace != nil {
		t.Fatalf("the result kept %d trace events", len(lean.Trace))
	}
	encode := func(r *result.Scenario) []byte {
		c := *r
		c.Trace = nil
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want := encode(full)
	if got := encode(lean); !bytes.Equal(got, want) {
		t.Fatalf("without its trace the result differs:\n%s\nwant\n%s", got, want)
	}
	for range 3 {
		if _, err := RunScenarioWith(sc, twoWorkers(t), RunOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := encode(lean); !bytes.Equal(got, want) {
		t.Fatal("a result without its trace changed while later runs recorded theirs")
	}
}
