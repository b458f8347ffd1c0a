package trace

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

var update = flag.Bool("update", false, "rewrite golden files")

func at(ms int) sim.Time { return sim.Time(time.Duration(ms) * time.Millisecond) }

// sample is a short trace of a Deployment being created and a Pod started,
// with one rejected request and a fault: every field and verb kind appears.
func sample() *Log {
	l := NewLog()
	add := func(e Event) { l.Append(e) }
	dep := Event{Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web"}
	with := func(e Event, f func(*Event)) Event { f(&e); return e }
	add(with(dep, func(e *Event) { e.Time, e.From, e.To, e.Verb = at(0), "alice", APIServer, Create }))
	add(Event{Time: at(0), From: APIServer, Verb: Authenticate, Name: "alice"})
	add(Event{Time: at(0), From: APIServer, Verb: Prioritize, Detail: "workload-low"})
	add(with(dep, func(e *Event) { e.Time, e.From, e.Verb = at(1), APIServer, Authorize }))
	add(with(dep, func(e *Event) { e.Time, e.From, e.Verb, e.Phase = at(1), APIServer, Admit, Mutating }))
	add(with(dep, func(e *Event) { e.Time, e.From, e.Verb = at(1), APIServer, Validate }))
	add(with(dep, func(e *Event) { e.Time, e.From, e.Verb, e.Phase = at(1), APIServer, Admit, Validating }))
	add(with(dep, func(e *Event) {
		e.Time, e.From, e.To, e.Verb, e.RVAfter = at(2), APIServer, Etcd, Persist, "1042"
		e.Outcome = Outcome{Code: 201}
		e.Change = &Change{Set: []string{".spec.replicas", ".spec.template"}}
	}))
	add(with(dep, func(e *Event) {
		e.Time, e.From, e.To, e.Verb, e.WatchType, e.RVAfter = at(3), APIServer, "deployment-controller", Notify, Added, "1042"
	}))
	add(with(dep, func(e *Event) { e.Time, e.From, e.Verb = at(3), "deployment-controller", Reconcile }))
	add(Event{Time: at(4), From: "bob", To: APIServer, Verb: Create, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "evil",
		Outcome: Outcome{Code: 403, Reason: ReasonForbidden,
			Message: `deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`}})
	add(Event{Time: at(50), From: Scheduler, To: APIServer, Verb: Create, Resource: "pods", Subresource: "binding", Namespace: "demo", Name: "web-7c9d4-x2kqp", RVBefore: "1050", RVAfter: "1051",
		Outcome: Outcome{Code: 201}, Change: &Change{Set: []string{".spec.nodeName"}}})
	add(Event{Time: at(2050), From: Kubelet("worker-a"), To: Runtime("worker-a"), Verb: CRIPullImage, Detail: "web:v1"})
	add(Event{Time: at(65200), From: FaultActor, To: "etcd", Verb: Fault, Detail: "break etcd"})
	add(Event{Time: at(65300), From: "alice", To: APIServer, Verb: Get, Resource: "pods", Subresource: "log", Namespace: "demo", Name: "web-7c9d4-x2kqp",
		Outcome: Outcome{Code: 500, Reason: ReasonInternalError, Message: "etcd unavailable \"quoted\" <tag> & more"}})
	add(Event{Time: at(70000), From: "client", To: "web", Verb: HTTP, Outcome: Outcome{Code: 200}, Change: &Change{Changed: []string{".status"}, Removed: []string{".x"}}})
	return l
}

func TestJSONGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := sample().WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "trace.golden.json")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("JSON differs from %s (go test -update rewrites it):\n%s", golden, buf.String())
	}
	// Idempotence: what is read back writes the same bytes.
	l, err := ReadJSON(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := l.WriteJSON(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), want) {
		t.Error("JSON round trip changed the bytes")
	}
	for i := range l.Len() {
		a, b := l.At(i), sample().At(i)
		if a.Time != b.Time || a.Verb != b.Verb || a.Outcome != b.Outcome || !slices.Equal(a.Changes().Set, b.Changes().Set) {
			t.Errorf("event %d read back as %+v, want %+v", i, *a, *b)
		}
	}
}

func TestJSONEmptyAndErrors(t *testing.T) {
	var buf bytes.Buffer
	NewLog().WriteJSON(&buf)
	if buf.String() != "[]\n" {
		t.Errorf("empty log = %q", buf.String())
	}
	bad := []struct{ name, in string }{
		{"unknown verb", `[{"seq":0,"t":"0.000s","from":"a","verb":"FROB"}]`},
		{"unknown field", `[{"seq":0,"t":"0.000s","from":"a","verb":"GET","colour":"red"}]`},
		{"bad time", `[{"seq":0,"t":"soon","from":"a","verb":"GET"}]`},
		{"out of sequence", `[{"seq":1,"t":"0.000s","from":"a","verb":"GET"}]`},
		{"bad watch type", `[{"seq":0,"t":"0.000s","from":"a","verb":"NOTIFY","watchType":"CHANGED"}]`},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadJSON(strings.NewReader(tc.in)); err == nil {
				t.Error("ReadJSON accepted it")
			}
		})
	}
	l := NewLog()
	l.Append(Event{From: "a"}) // no verb
	if err := l.WriteJSON(&buf); err == nil {
		t.Error("WriteJSON accepted an event without a verb")
	}
}

func TestQueries(t *testing.T) {
	l := sample()
	seqs := func(q Query) []int {
		var out []int
		for e := range q.All() {
			out = append(out, e.Seq)
		}
		return out
	}
	tests := []struct {
		name string
		q    Query
		want []int
	}{
		{"actor", l.Query(From("alice")), []int{0, 14}},
		{"actor glob", l.Query(From("kubelet/*")), []int{12}},
		{"to", l.Query(To("apiserver"), Verbs(Create)), []int{0, 10, 11}},
		{"gates", l.Query(From("apiserver"), Verbs(Authenticate, Prioritize, Authorize, Admit, Validate, Persist)), []int{1, 2, 3, 4, 5, 6, 7}},
		{"admit phase", l.Query(Verbs(Admit), InPhase(Validating)), []int{6}},
		{"resource without sub", l.Query(Resource("pods")), nil},
		{"resource with sub", l.Query(Resource("pods/binding")), []int{11}},
		{"any pod sub", l.Query(Resource("pods/*")), []int{11, 14}},
		{"resource star", l.Query(Resource("*"), Verbs(Fault)), []int{13}},
		{"object", l.Query(Object("demo/web"), Verbs(Create)), []int{0}},
		{"object glob", l.Query(Object("demo/web-*")), []int{11, 14}},
		{"cluster-scoped name", l.Query(Object("alice")), []int{1}},
		{"group", l.Query(Group("apps"), Verbs(Create)), []int{0, 10}},
		{"outcome", l.Query(Code(403), Reason(ReasonForbidden)), []int{10}},
		{"failed", l.Query(Failed()), []int{10, 14}},
		{"notify type", l.Query(Verbs(Notify), WatchTypes(Added, Modified)), []int{8}},
		{"not", l.Query(From("apiserver"), Not(Verbs(Authenticate, Prioritize))), []int{3, 4, 5, 6, 7, 8}},
		{"or", l.Query(Or(From("bob"), From("client"))), []int{10, 15}},
		{"between", l.Query(From("apiserver")).Between(3, 6), []int{3, 4, 5}},
		{"after", l.Query(Verbs(Create)).After(0), []int{10, 11}},
		{"where narrows", l.Query(Verbs(Create)).Where(From("scheduler")), []int{11}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := seqs(tc.q)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if n := tc.q.Count(); n != len(tc.want) {
				t.Errorf("Count = %d, want %d", n, len(tc.want))
			}
			first, okF := tc.q.First()
			last, okL := tc.q.Last()
			if len(tc.want) == 0 {
				if okF || okL {
					t.Error("First/Last found an event in an empty result")
				}
				return
			}
			if first.Seq != tc.want[0] || last.Seq != tc.want[len(tc.want)-1] {
				t.Errorf("First=%d Last=%d", first.Seq, last.Seq)
			}
		})
	}
}

// A query made before events are appended sees them; Where does not share
// predicates between derived queries.
func TestQueryIsLive(t *testing.T) {
	l := NewLog()
	q := l.Query(Verbs(Get))
	a, b := q.Where(From("a")), q.Where(From("b"))
	l.Append(Event{From: "a", Verb: Get})
	l.Append(Event{From: "b", Verb: Get})
	if q.Count() != 2 || a.Count() != 1 || b.Count() != 1 {
		t.Errorf("counts %d %d %d", q.Count(), a.Count(), b.Count())
	}
}

func TestReset(t *testing.T) {
	l := sample()
	l.Reset()
	if l.Len() != 0 || l.Query().Count() != 0 {
		t.Fatal("Reset left events")
	}
	l.Append(Event{From: "x", Verb: Get})
	if e := l.At(0); e.Seq != 0 || e.From != "x" || e.Outcome != (Outcome{}) {
		t.Errorf("after Reset, event 0 = %+v", *e)
	}
}

// TestAddAfterReset: Add hands out zero events in order, across chunks,
// and again after Reset, whatever the events filled before held.
func TestAddAfterReset(t *testing.T) {
	l := NewLog()
	for round, n := range []int{3*chunkSize + 5, chunkSize + 1, 2 * chunkSize} {
		for i := range n {
			e := l.Add()
			if e.Seq != i || e.From != "" || e.Outcome != (Outcome{}) || e.Change != nil {
				t.Fatalf("round %d: Add %d gave %+v", round, i, *e)
			}
			e.From, e.Outcome.Code, e.Change = "a", 200, &Change{Set: []string{".spec"}}
		}
		if l.Len() != n || l.At(n-1).From != "a" {
			t.Fatalf("round %d: %d events", round, l.Len())
		}
		l.Reset()
	}
}

// TestAppendThenAddAfterReset: a chunk entered by Append after Reset
// hands out zero events to Add at its later positions too.
func TestAppendThenAddAfterReset(t *testing.T) {
	l := NewLog()
	for range 2*chunkSize + 3 {
		e := l.Add()
		e.From, e.Detail, e.Change = "old", "old", &Change{Set: []string{".spec"}}
	}
	l.Reset()
	for i := range 2*chunkSize + 3 {
		if i%chunkSize == 0 {
			l.Append(Event{From: "new"})
			continue
		}
		if e := l.Add(); e.Seq != i || e.From != "" || e.Detail != "" || e.Change != nil {
			t.Fatalf("Add %d after Reset gave %+v", i, *e)
		}
	}
}

func TestGlob(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"", "", true},
		{"*", "", true},
		{"*", "anything", true},
		{"web", "web", true},
		{"web", "web-1", false},
		{"web-*", "web-7c9d4-x2kqp", true},
		{"*-x2kqp", "web-7c9d4-x2kqp", true},
		{"web-*-x2kqp", "web-7c9d4-x2kqp", true},
		{"web-*-*", "web-7c9d4", false},
		{"a*b*c", "aXbYbZc", true},
		{"a*b*c", "aXbYbZ", false},
		{"kubelet/*", "kubelet/worker-a", true},
		{"kubelet/*", "runtime/worker-a", false},
		{"**", "x", true},
		{"", "x", false},
		{"web", "we", false},
		{"web-a", "web-b", false},
	}
	for _, tc := range tests {
		if got := Glob(tc.pattern, tc.s); got != tc.want {
			t.Errorf("Glob(%q, %q) = %v, want %v", tc.pattern, tc.s, got, tc.want)
		}
	}
}

func TestVerbs(t *testing.T) {
	// Every word of the lesson format's trace patterns is a verb.
	words := "GET LIST WATCH CREATE UPDATE PATCH DELETE AUTHENTICATE PRIORITIZE AUTHORIZE ADMIT VALIDATE PERSIST " +
		"NOTIFY RECONCILE FILTER SCORE ELECT CRI.RunPodSandbox CRI.PullImage CRI.CreateContainer CRI.StartContainer " +
		"CNI.Setup CSI.NodeStage CSI.NodePublish PROBE SYNC PROXY WEBHOOK EXTERNAL HTTP FAULT RESTORE"
	for _, w := range strings.Fields(words) {
		if _, ok := ParseVerb(w); !ok {
			t.Errorf("lesson verb %s is missing", w)
		}
	}
	seen := map[string]bool{}
	for _, v := range AllVerbs() {
		name := v.String()
		if seen[name] || strings.HasPrefix(name, "Verb(") {
			t.Errorf("verb %d has name %q", v, name)
		}
		seen[name] = true
		if back, ok := ParseVerb(name); !ok || back != v {
			t.Errorf("ParseVerb(%q) = %v", name, back)
		}
		if v.Kind() == 0 {
			t.Errorf("verb %s has no kind", v)
		}
	}
	if Verb(0).Kind() != 0 || Verb(0).String() != "Verb(0)" {
		t.Error("the zero verb is valid")
	}
	for v, k := range map[Verb]Kind{Persist: KindGate, Route: KindGate, Delete: KindAPI, CSINodeUnpublish: KindNodeLocal, Sync: KindNodeLocal, Restore: KindFault} {
		if v.Kind() != k {
			t.Errorf("%s.Kind() = %d, want %d", v, v.Kind(), k)
		}
	}
}

// BenchmarkTraceAppend appends to logs of a scenario's size (10,000
// events). "Reused" resets one log between scenarios, as a runner replaying
// many scenarios does; "Fresh" starts a new log each time and so includes
// allocating and collecting the trace's memory.
func BenchmarkTraceAppend(b *testing.B) {
	e := Event{Time: at(5), From: APIServer, To: Etcd, Verb: Persist, Group: "apps", Resource: "deployments",
		Namespace: "demo", Name: "web", RVBefore: "1041", RVAfter: "1042", Outcome: Outcome{Code: 200}}
	for _, reuse := range []bool{true, false} {
		name := map[bool]string{true: "Reused", false: "Fresh"}[reuse]
		b.Run(name, func(b *testing.B) {
			l := NewLog()
			b.ReportAllocs()
			for b.Loop() {
				if l.Len() == 10000 {
					if reuse {
						l.Reset()
					} else {
						l = NewLog()
					}
				}
				l.Append(e)
			}
		})
	}
}

func BenchmarkTraceQuery(b *testing.B) {
	l := NewLog()
	s := sample()
	for range 1000 {
		for e := range s.All() {
			l.Append(*e)
		}
	}
	q := l.Query(From("scheduler"), Verbs(Create), Resource("pods/binding"), Object("demo/*"))
	b.ReportAllocs()
	for b.Loop() {
		if q.Count() != 1000 {
			b.Fatal("wrong count")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*l.Len()), "ns/event")
}
