package spec

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
)

func TestParsePattern(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"api call", "alice CREATE deployments demo/web",
			`Pattern{Text:"alice CREATE deployments demo/web" Actor:Word{Text:"alice"} Verb:CREATE Resource:ResourcePattern{Text:"deployments" Resource:"deployments"} Object:ObjectPattern{Text:"demo/web" Namespace:"demo" Name:"web" Namespaced:true}}`},
		{"authenticate subject is the user", "apiserver AUTHENTICATE alice",
			`Pattern{Text:"apiserver AUTHENTICATE alice" Actor:Word{Text:"apiserver"} Verb:AUTHENTICATE Object:ObjectPattern{Text:"alice" Name:"alice"}}`},
		{"subresource glob and count", "scheduler CREATE pods/binding demo/* x3",
			`Pattern{Text:"scheduler CREATE pods/binding demo/* x3" Actor:Word{Text:"scheduler"} Verb:CREATE Resource:ResourcePattern{Text:"pods/binding" Resource:"pods" Subresource:"binding"} Object:ObjectPattern{Text:"demo/*" Namespace:"demo" Name:"*" Namespaced:true} Count:Count{N:3}}`},
		{"node-local verb alone", "kubelet/worker-a CRI.StartContainer",
			`Pattern{Text:"kubelet/worker-a CRI.StartContainer" Actor:Word{Text:"kubelet/worker-a"} Verb:CRI.StartContainer}`},
		{"node-local subject", "kubelet/* CRI.PullImage demo/web-a",
			`Pattern{Text:"kubelet/* CRI.PullImage demo/web-a" Actor:Word{Text:"kubelet/*"} Verb:CRI.PullImage Object:ObjectPattern{Text:"demo/web-a" Namespace:"demo" Name:"web-a" Namespaced:true}}`},
		{"notify with type and target", "apiserver NOTIFY ADDED pods demo/* to scheduler",
			`Pattern{Text:"apiserver NOTIFY ADDED pods demo/* to scheduler" Actor:Word{Text:"apiserver"} Verb:NOTIFY WatchType:ADDED Resource:ResourcePattern{Text:"pods" Resource:"pods"} Object:ObjectPattern{Text:"demo/*" Namespace:"demo" Name:"*" Namespaced:true} To:Word{Text:"scheduler"}}`},
		{"admit phase and outcome", "apiserver ADMIT validating deployments demo/web => 403 Forbidden",
			`Pattern{Text:"apiserver ADMIT validating deployments demo/web => 403 Forbidden" Actor:Word{Text:"apiserver"} Verb:ADMIT Phase:validating Resource:ResourcePattern{Text:"deployments" Resource:"deployments"} Object:ObjectPattern{Text:"demo/web" Namespace:"demo" Name:"web" Namespaced:true} Outcome:OutcomePattern{Code:403 Reason:"Forbidden"}}`},
		{"audit stage", "apiserver AUDIT ResponseComplete pods demo/web-a",
			`Pattern{Text:"apiserver AUDIT ResponseComplete pods demo/web-a" Actor:Word{Text:"apiserver"} Verb:AUDIT Phase:ResponseComplete Resource:ResourcePattern{Text:"pods" Resource:"pods"} Object:ObjectPattern{Text:"demo/web-a" Namespace:"demo" Name:"web-a" Namespaced:true}}`},
		{"status subresource all", "kubelet PATCH pods/status demo/web-* all",
			`Pattern{Text:"kubelet PATCH pods/status demo/web-* all" Actor:Word{Text:"kubelet"} Verb:PATCH Resource:ResourcePattern{Text:"pods/status" Resource:"pods" Subresource:"status"} Object:ObjectPattern{Text:"demo/web-*" Namespace:"demo" Name:"web-*" Namespaced:true} Count:Count{All:true}}`},
		{"cluster-scoped", "node-lifecycle-controller UPDATE nodes worker-b => ok",
			`Pattern{Text:"node-lifecycle-controller UPDATE nodes worker-b => ok" Actor:Word{Text:"node-lifecycle-controller"} Verb:UPDATE Resource:ResourcePattern{Text:"nodes" Resource:"nodes"} Object:ObjectPattern{Text:"worker-b" Name:"worker-b"} Outcome:OutcomePattern{OK:true}}`},
		{"group", "deployment-controller CREATE replicasets.apps demo/*",
			`Pattern{Text:"deployment-controller CREATE replicasets.apps demo/*" Actor:Word{Text:"deployment-controller"} Verb:CREATE Resource:ResourcePattern{Text:"replicasets.apps" Resource:"replicasets" Group:"apps"} Object:ObjectPattern{Text:"demo/*" Namespace:"demo" Name:"*" Namespaced:true}}`},
		{"non-resource path", "alice GET /version",
			`Pattern{Text:"alice GET /version" Actor:Word{Text:"alice"} Verb:GET Object:ObjectPattern{Text:"/version" Name:"/version"}}`},
		{"resource only", "deployment-controller WATCH deployments",
			`Pattern{Text:"deployment-controller WATCH deployments" Actor:Word{Text:"deployment-controller"} Verb:WATCH Resource:ResourcePattern{Text:"deployments" Resource:"deployments"}}`},
		{"proxy to kubelet", "apiserver PROXY pods/log demo/web-a to kubelet/worker-a",
			`Pattern{Text:"apiserver PROXY pods/log demo/web-a to kubelet/worker-a" Actor:Word{Text:"apiserver"} Verb:PROXY Resource:ResourcePattern{Text:"pods/log" Resource:"pods" Subresource:"log"} Object:ObjectPattern{Text:"demo/web-a" Namespace:"demo" Name:"web-a" Namespaced:true} To:Word{Text:"kubelet/worker-a"}}`},
		{"fault actor", "fault FAULT",
			`Pattern{Text:"fault FAULT" Actor:Word{Text:"fault"} Verb:FAULT}`},
		{"wildcards everywhere", "* * * *",
			``},
		{"failed outcome, clauses in any order", "* CREATE pods => failed x2 to apiserver-2",
			`Pattern{Text:"* CREATE pods => failed x2 to apiserver-2" Actor:Word{Text:"*"} Verb:CREATE Resource:ResourcePattern{Text:"pods" Resource:"pods"} Count:Count{N:2} To:Word{Text:"apiserver-2"} Outcome:OutcomePattern{Failed:true}}`},
		{"reason only", "alice UPDATE deployments demo/web => Conflict",
			`Pattern{Text:"alice UPDATE deployments demo/web => Conflict" Actor:Word{Text:"alice"} Verb:UPDATE Resource:ResourcePattern{Text:"deployments" Resource:"deployments"} Object:ObjectPattern{Text:"demo/web" Namespace:"demo" Name:"web" Namespaced:true} Outcome:OutcomePattern{Reason:"Conflict"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePattern(tt.in, diag.Pos{File: "l.md", Line: 3, Col: 5})
			if tt.want == "" {
				if err == nil {
					t.Fatalf("want an error, got %s", show(p))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := show(p); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestPatternPositions(t *testing.T) {
	p, err := ParsePattern("scheduler CREATE pods/binding demo/* x3 to apiserver", diag.Pos{File: "l.md", Line: 3, Col: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		got  diag.Pos
		col  int
	}{
		{"pattern", p.Pos, 5}, {"actor", p.Actor.Pos, 5}, {"verb", p.VerbPos, 15}, {"resource", p.Resource.Pos, 22},
		{"object", p.Object.Pos, 35}, {"count", p.Count.Pos, 42}, {"to", p.To.Pos, 48},
	} {
		if c.got != (diag.Pos{File: "l.md", Line: 3, Col: c.col}) {
			t.Errorf("%s at %v, want l.md:3:%d", c.what, c.got, c.col)
		}
	}
}

// TestVerbsAreTheTrace's checks that the pattern grammar's verbs are the
// trace's, one for one.
func TestVerbsAreTheTraces(t *testing.T) {
	names := verbNames()
	if len(names) != len(trace.AllVerbs()) {
		t.Fatalf("%d verb words for %d trace verbs", len(names), len(trace.AllVerbs()))
	}
	for _, v := range trace.AllVerbs() {
		p, err := ParsePattern("someone "+v.String(), diag.Pos{File: "l.md", Line: 1})
		if err != nil {
			t.Errorf("verb %s: %v", v, err)
			continue
		}
		if p.Verb != v {
			t.Errorf("verb %s parsed as %s", v, p.Verb)
		}
	}
}

func TestActorGlob(t *testing.T) {
	for in, want := range map[string]string{"kubelet": "kubelet/*", "proxy": "proxy/*", "runtime": "runtime/*", "kubelet/a": "kubelet/a", "scheduler": "scheduler"} {
		if got := ActorGlob(in); got != want {
			t.Errorf("ActorGlob(%q) = %q, want %q", in, got, want)
		}
	}
}
