package spec

import (
	"github.com/loopbook/loopbook/engine/diag"
	"strings"
	"testing"
	"time"
)

func TestActions(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"apply", "- id: apply-web\n  as: alice\n  apply: |\n    kind: Deployment\n    metadata: {name: web}\n",
			`Apply{ActionBase{ID:Scalar[string]{Value:"apply-web"}} Request{As:Scalar[string]{Value:"alice"}} Object:Document{Text:"kind: Deployment\nmetadata: {name: web}\n"}}`},
		{"create", "- {as: alice, create: 'kind: Pod'}",
			`Apply{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Create:true Object:Document{Text:"kind: Pod"}}`},
		{"get", "- {as: bob, get: deployment demo/web}",
			`Get{ActionBase{} Request{As:Scalar[string]{Value:"bob"}} Target:ObjectRef{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web" Namespaced:true}}`},
		{"delete cluster-scoped", "- {as: admin, delete: node worker-b}",
			`Delete{ActionBase{} Request{As:Scalar[string]{Value:"admin"}} Target:ObjectRef{Kind:Word{Text:"node"} Name:"worker-b"}}`},
		{"patch", "- as: alice\n  patch: deployment demo/web\n  with: {spec: {replicas: 5}}\n",
			`Patch{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Target:ObjectRef{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web" Namespaced:true} With:Data{Value:map[spec:map[replicas:5]]}}`},
		{"scale", "- {as: alice, scale: deployment demo/web, replicas: 8}",
			`Scale{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Target:ObjectRef{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web" Namespaced:true} Replicas:Scalar[int]{Value:8}}`},
		{"logs", "- {as: alice, logs: pod demo/web-a, container: web}",
			`Logs{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Target:ObjectRef{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a" Namespaced:true} Container:Scalar[string]{Value:"web"}}`},
		{"exec list", "- {as: alice, exec: pod demo/web-a, command: [cat, /etc/hostname]}",
			`Exec{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Target:ObjectRef{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a" Namespaced:true} Command:[Scalar[string]{Value:"cat"} Scalar[string]{Value:"/etc/hostname"}]}`},
		{"exec text", "- {as: alice, exec: pod demo/web-a, command: 'sh -c \"env\"'}",
			`Exec{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Target:ObjectRef{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a" Namespaced:true} Command:[Scalar[string]{Value:"sh"} Scalar[string]{Value:"-c"} Scalar[string]{Value:"env"}]}`},
		{"raw", "- {id: version, as: alice, raw: GET /version}",
			`Raw{ActionBase{ID:Scalar[string]{Value:"version"}} Request{As:Scalar[string]{Value:"alice"}} Method:Word{Text:"GET"} Path:Word{Text:"/version"}}`},
		{"raw with body", "- as: alice\n  raw: POST /api/v1/namespaces/demo/pods\n  body: |\n    kind: Pod\n",
			`Raw{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Method:Word{Text:"POST"} Path:Word{Text:"/api/v1/namespaces/demo/pods"} Body:Document{Text:"kind: Pod\n"}}`},
		{"kubectl", "- {id: res, as: alice, kubectl: api-resources --namespaced=false -o name}",
			`Kubectl{ActionBase{ID:Scalar[string]{Value:"res"}} Request{As:Scalar[string]{Value:"alice"}} Command:Word{Text:"api-resources"} Flags:map[namespaced:"false" output:"name"]}`},
		{"kubectl config", "- {as: alice, kubectl: config view}",
			`Kubectl{ActionBase{} Request{As:Scalar[string]{Value:"alice"}} Command:Word{Text:"config view"} Flags:map[]}`},
		{"fault", "- fault: crash container demo/web-b",
			`FaultAction{ActionBase{} Fault:Fault{Text:"crash container demo/web-b" Kind:crash container Target:Word{Text:"demo/web-b"}}}`},
		{"restore", "- {id: back, restore: kill node worker-b}",
			`FaultAction{ActionBase{ID:Scalar[string]{Value:"back"}} Restore:true Fault:Fault{Text:"kill node worker-b" Kind:kill node Target:Word{Text:"worker-b"}}}`},
		{"traffic", "- traffic: client -> service demo/web x20",
			`Traffic{ActionBase{} From:Word{Text:"client"} Target:ObjectRef{Kind:Word{Text:"service"} Namespace:"demo" Name:"web" Namespaced:true} Count:Scalar[int]{Value:20}}`},
		{"traffic to an ingress", "- traffic: client -> ingress demo/shop x4\n  host: shop.example.com\n  path: /cart\n",
			`Traffic{ActionBase{} From:Word{Text:"client"} Target:ObjectRef{Kind:Word{Text:"ingress"} Namespace:"demo" Name:"shop" Namespaced:true} Count:Scalar[int]{Value:4} Host:Scalar[string]{Value:"shop.example.com"} Path:Scalar[string]{Value:"/cart"}}`},
		{"traffic once to a pod", "- traffic: client -> pod demo/web-a",
			`Traffic{ActionBase{} From:Word{Text:"client"} Target:ObjectRef{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a" Namespaced:true}}`},
		{"wait", "- wait: 5m",
			`Wait{ActionBase{} For:Scalar[time.Duration]{Value:5m0s}}`},
		{"until", "- until: deployment demo/web .status.readyReplicas == 3\n  limit: 2m\n",
			`Until{ActionBase{} Claim:FieldClaim{ClaimBase{Text:"deployment demo/web .status.readyReplicas == 3"} Objects:ObjectSelector{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web"} Path:FieldPath{Text:".status.readyReplicas" Path:.status.readyReplicas} Op:== Value:Value{Text:"3"}} Limit:Scalar[time.Duration]{Value:2m0s}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parse[*Scenario](t, "scenario", "id: s\ntitle: S\nrun:\n"+indent(tt.yaml))
			if len(s.Run) != 1 {
				t.Fatalf("%d actions", len(s.Run))
			}
			if got := show(s.Run[0]); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if b := s.Run[0].Base(); b.Pos.Line != line(4) {
				t.Errorf("action at %v, want line %d", b.Pos, line(4))
			}
		})
	}
}

// indent indents every line of s by two spaces.
func indent(s string) string {
	out := ""
	for _, l := range splitKeep(s) {
		out += "  " + l
	}
	return out
}

func splitKeep(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		if i < len(s) {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	if len(out) > 0 && out[len(out)-1][len(out[len(out)-1])-1] != '\n' {
		out[len(out)-1] += "\n"
	}
	return out
}

func TestDocumentLinePos(t *testing.T) {
	s := parse[*Scenario](t, "scenario", "id: s\ntitle: S\nrun:\n  - as: alice\n    apply: |\n      kind: Deployment\n\n      metadata:\n        name: web\n")
	a := s.Run[0].(*Apply)
	for _, c := range []struct{ line, col, wantLine, wantCol int }{
		{1, 1, line(6), 7}, {2, 1, line(7), 7}, {3, 1, line(8), 7}, {4, 3, line(9), 9},
	} {
		got := a.Object.LinePos(c.line, c.col)
		if got.Line != c.wantLine || got.Col != c.wantCol {
			t.Errorf("LinePos(%d, %d) = %v, want line %d col %d", c.line, c.col, got, c.wantLine, c.wantCol)
		}
	}
}

func TestFollowActions(t *testing.T) {
	body := "id: f\ntitle: F\nrun:\n  - as: alice\n    poll: pods demo\n    every: 10s\n    for: 5m\n  - as: bob\n    watch: deployments\n    for: 1m\n"
	b, err := Parse("scenario", []byte(body), diag.Pos{File: "l.md", Line: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	run := b.(*Scenario).Run
	poll, ok1 := run[0].(*Follow)
	watch, ok2 := run[1].(*Follow)
	if !ok1 || !ok2 || poll.Watch || poll.Kind.Text != "pods" || poll.Namespace != "demo" || poll.Every.Value != 10*time.Second || poll.For.Value != 5*time.Minute ||
		!watch.Watch || watch.Namespace != "" || watch.For.Value != time.Minute {
		t.Fatalf("actions = %#v, %#v", run[0], run[1])
	}
	_, err = Parse("scenario", []byte("id: f\nrun:\n  - as: alice\n    poll: pods demo\n    for: 5m\n"), diag.Pos{File: "l.md", Line: 1, Col: 1})
	if err == nil || !strings.Contains(err.Error(), "every") {
		t.Errorf("poll without every: %v", err)
	}
}
