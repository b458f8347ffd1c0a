package record_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

type env struct {
	loop  *sim.Loop
	log   *trace.Log
	c     *client.Client
	rec   *record.Recorder
	kinds *object.Registry
}

func newEnv(t *testing.T) *env {
	t.Helper()
	loop, log := sim.NewLoop(), trace.NewLog()
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: sim.NewRand(1), Trace: log})
	if err != nil {
		t.Fatal(err)
	}
	c := client.New("replicaset-controller", "", p.Endpoint(), loop, sim.NewRand(2))
	return &env{loop: loop, log: log, c: c, rec: record.New(c, p.Registry(), "replicaset-controller", ""), kinds: p.Registry()}
}

func subject() *object.Object {
	o := object.New("apps/v1", "ReplicaSet")
	o.Meta.Name, o.Meta.Namespace, o.Meta.UID = "web", "default", "5f1c"
	return o
}

// events returns the stored Events, in creation order of their names.
func (e *env) events(t *testing.T) []*object.Object {
	k, _ := e.kinds.ByKind("v1", "Event")
	l, err := e.c.List(k, "default", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return l.Items
}

func TestRecorder(t *testing.T) {
	tests := []struct {
		name string
		// record records at 1 s steps.
		record     func(r *record.Recorder, o *object.Object, e *env)
		wantWrites []trace.Verb
		// wantLast is the message and count of the last stored Event.
		wantLast  string
		wantCount int64
	}{
		{"one event", func(r *record.Recorder, o *object.Object, _ *env) {
			r.Eventf(o, record.Normal, "SuccessfulCreate", "Created pod: %s", "web-x2kqp")
		}, []trace.Verb{trace.Create}, "Created pod: web-x2kqp", 1},
		{"a repeat patches the count", func(r *record.Recorder, o *object.Object, e *env) {
			r.Event(o, record.Warning, "FailedCreate", "Error creating: quota")
			e.loop.RunFor(time.Second)
			r.Event(o, record.Warning, "FailedCreate", "Error creating: quota")
		}, []trace.Verb{trace.Create, trace.Patch}, "Error creating: quota", 2},
		{"the tenth distinct message is combined", func(r *record.Recorder, o *object.Object, _ *env) {
			for i := range 11 {
				r.Eventf(o, record.Normal, "SuccessfulCreate", "Created pod: web-%d", i)
			}
		}, append(repeat(trace.Create, 10), trace.Patch), "(combined from similar events): Created pod: web-10", 2},
		{"an unknown type is dropped", func(r *record.Recorder, o *object.Object, _ *env) {
			r.Event(o, "Info", "Something", "dropped")
		}, nil, "", 0},
		{"25 events per object, then one per 5 minutes", func(r *record.Recorder, o *object.Object, e *env) {
			for i := range 30 {
				r.Eventf(o, record.Warning, fmt.Sprintf("Reason%d", i), "m")
			}
			e.loop.RunFor(300 * time.Second)
			r.Event(o, record.Warning, "Late", "m")
			r.Event(o, record.Warning, "Later", "m")
		}, repeat(trace.Create, 26), "m", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			mark := e.log.Len()
			tc.record(e.rec, subject(), e)
			var got []trace.Verb
			for ev := range e.log.Query(trace.From("replicaset-controller"), trace.Resource("events"), trace.Verbs(trace.Create, trace.Patch)).After(mark - 1).All() {
				if ev.Outcome.Failed() {
					t.Errorf("%s failed: %v", ev.Verb, ev.Outcome)
				}
				got = append(got, ev.Verb)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.wantWrites) {
				t.Errorf("writes %v, want %v", got, tc.wantWrites)
			}
			if tc.wantLast == "" {
				return
			}
			evs := e.events(t)
			last := evs[len(evs)-1]
			if last.Content["message"] != tc.wantLast || last.Content["count"] != tc.wantCount {
				t.Errorf("last event %q count %v, want %q %d", last.Content["message"], last.Content["count"], tc.wantLast, tc.wantCount)
			}
			io := last.Content["involvedObject"].(map[string]any)
			if io["kind"] != "ReplicaSet" || io["name"] != "web" || io["uid"] != "5f1c" || io["apiVersion"] != "apps/v1" {
				t.Errorf("involvedObject %v", io)
			}
			if src := last.Content["source"].(map[string]any); src["component"] != "replicaset-controller" {
				t.Errorf("source %v", src)
			}
		})
	}
}

func repeat(v trace.Verb, n int) []trace.Verb {
	out := make([]trace.Verb, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// Event names are OBJECT.HEXNANOS of the virtual instant; two Events at
// one instant are a nanosecond apart.
func TestEventNames(t *testing.T) {
	e := newEnv(t)
	e.rec.Event(subject(), record.Normal, "A", "a")
	e.rec.Event(subject(), record.Normal, "B", "b")
	evs := e.events(t)
	nanos := sim.Epoch.UnixNano()
	want := []string{fmt.Sprintf("web.%x", nanos), fmt.Sprintf("web.%x", nanos+1)}
	if len(evs) != 2 || evs[0].Meta.Name != want[0] || evs[1].Meta.Name != want[1] {
		t.Errorf("names %v, want %v", []string{evs[0].Meta.Name, evs[1].Meta.Name}, want)
	}
}
