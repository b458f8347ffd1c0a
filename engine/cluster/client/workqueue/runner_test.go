package workqueue_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// reconciles renders the RECONCILE events of a log.
func reconciles(l *trace.Log) []string {
	var out []string
	for e := range l.Query(trace.Verbs(trace.Reconcile)).All() {
		s := fmt.Sprintf("%s %s %s/%s/%s", e.Time, e.From, e.Resource, e.Namespace, e.Name)
		if e.Outcome.Failed() {
			s += fmt.Sprintf(" %s: %s", e.Outcome.Reason, e.Outcome.Message)
		}
		if e.Detail != "" {
			s += " (" + e.Detail + ")"
		}
		out = append(out, s)
	}
	return out
}

func TestRunnerRequeuesWithBackoff(t *testing.T) {
	conflict := api.NewConflict(api.GroupResource{Group: "apps", Resource: "replicasets"}, "web-1", api.OptimisticLockErrorMsg)
	tests := []struct {
		name       string
		failures   int // reconcile fails this many times, then succeeds
		err        error
		maxRetries int
		want       []string
	}{
		{"succeeds after three failures", 3, errors.New("boom"), 0, []string{
			"0.000s replicaset-controller replicasets/demo/web Error: boom (requeued after 5ms)",
			"0.005s replicaset-controller replicasets/demo/web Error: boom (requeued after 10ms)",
			"0.015s replicaset-controller replicasets/demo/web Error: boom (requeued after 20ms)",
			"0.035s replicaset-controller replicasets/demo/web",
		}},
		{"a Status error keeps its reason", 1, conflict, 0, []string{
			`0.000s replicaset-controller replicasets/demo/web Conflict: Operation cannot be fulfilled on replicasets.apps "web-1": the object has been modified; please apply your changes to the latest version and try again (requeued after 5ms)`,
			"0.005s replicaset-controller replicasets/demo/web",
		}},
		{"dropped after MaxRetries", 100, errors.New("boom"), 2, []string{
			"0.000s replicaset-controller replicasets/demo/web Error: boom (requeued after 5ms)",
			"0.005s replicaset-controller replicasets/demo/web Error: boom (requeued after 10ms)",
			"0.015s replicaset-controller replicasets/demo/web Error: boom (dropped after 2 retries)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loop := sim.NewLoop()
			log := trace.NewLog()
			q := workqueue.New(loop, nil)
			calls := 0
			workqueue.RunWorkers(q, 2, func(key string) error {
				calls++
				if calls <= tt.failures {
					return tt.err
				}
				return nil
			}, workqueue.Options{Actor: "replicaset-controller", Log: log, Group: "apps", Resource: "replicasets", MaxRetries: tt.maxRetries})
			q.Add("demo/web")
			loop.Run()
			if got := reconciles(log); !slices.Equal(got, tt.want) {
				t.Errorf("reconciles:\n got  %q\n want %q", got, tt.want)
			}
			if q.NumRequeues("demo/web") != 0 {
				t.Errorf("NumRequeues = %d after the key settled", q.NumRequeues("demo/web"))
			}
		})
	}
}

// TestRunnerWorkersInterleave: each firing gives one key to each worker;
// events scheduled meanwhile at the same instant run between firings.
func TestRunnerWorkersInterleave(t *testing.T) {
	tests := []struct {
		workers int
		want    []string
	}{
		{1, []string{"a", "other", "b", "c", "d"}},
		{2, []string{"a", "b", "other", "c", "d"}},
		{8, []string{"a", "b", "c", "d", "other"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d workers", tt.workers), func(t *testing.T) {
			loop := sim.NewLoop()
			q := workqueue.New(loop, nil)
			var got []string
			r := workqueue.RunWorkers(q, tt.workers, func(key string) error {
				got = append(got, key)
				return nil
			}, workqueue.Options{})
			for _, k := range []string{"a", "b", "c", "d"} {
				q.Add(k)
			}
			loop.Post(0, sim.Func(func() { got = append(got, "other") }))
			loop.Run()
			if !slices.Equal(got, tt.want) {
				t.Errorf("order = %q, want %q", got, tt.want)
			}
			if r.Handled() != 4 {
				t.Errorf("Handled = %d", r.Handled())
			}
		})
	}
}

// TestRunnerNeverOverlapsAKey: a key added during its own reconcile is
// processed again afterwards, never by a second worker meanwhile.
func TestRunnerNeverOverlapsAKey(t *testing.T) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	inFlight := map[string]bool{}
	runs := 0
	workqueue.RunWorkers(q, 4, func(key string) error {
		if inFlight[key] {
			t.Fatalf("%s reconciled twice at once", key)
		}
		if !q.Processing(key) {
			t.Errorf("%s is not marked as processing", key)
		}
		inFlight[key] = true
		defer delete(inFlight, key)
		runs++
		if runs < 3 {
			q.Add(key) // something changed while we worked
			q.Add(key)
		}
		return nil
	}, workqueue.Options{})
	q.Add("demo/web")
	loop.Run()
	if runs != 3 {
		t.Errorf("runs = %d, want 3", runs)
	}
}

func TestRunnerStop(t *testing.T) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	runs := 0
	r := workqueue.RunWorkers(q, 1, func(string) error { runs++; return errors.New("again") }, workqueue.Options{})
	q.Add("a")
	loop.Step()
	r.Stop()
	loop.Run()
	if runs != 1 || !q.ShuttingDown() {
		t.Errorf("runs = %d, shutting down = %v", runs, q.ShuttingDown())
	}
}
