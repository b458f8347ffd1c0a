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
