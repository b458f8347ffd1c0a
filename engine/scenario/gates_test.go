package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// parseBlock parses a block body written at line 1 of lesson.md.
func parseBlock[T spec.Block](t testing.TB, kind, body string) T {
	t.Helper()
	b, err := spec.Parse(kind, []byte(body), diag.Pos{File: "lesson.md", Line: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b.(T)
}

const gatesBlock = `id: create-gates
cluster: two-workers
request:
  as: alice
  create: |
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: demo}
    spec:
      replicas: 3
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec: {containers: [{name: web, image: "web:v1"}]}
variants:
  - {label: allowed}
  - {label: bad token, token: wrong}
  - {label: no RBAC, as: bob}
  - {label: policy denies, webhook: deny-latest}
  - {label: "replicas: three", set: {spec.replicas: three}}
  - {label: no name, set: {metadata.name: ""}}
  - {label: etcd down, fault: break etcd}
`

// showGates writes a gates result one variant per line.
func showGates(g *result.Gates) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stages: %s\n", strings.Join(g.Stages, " | "))
	for _, v := range g.Variants {
		fmt.Fprintf(&b, "%s: passed %d, stopped at %q, %d %s, stored %v\n  %s\n", v.Label, v.Passed, v.StoppedAt, v.Code, v.Reason, v.Stored, v.Message)
	}
	return b.String()
}

func TestRunGates(t *testing.T) {
	g := parseBlock[*spec.Gates](t, "gates", gatesBlock)
	cfg, err := Config(fixtures(t)["two-workers"], 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunGates(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "gates/create-gates.golden", showGates(res))
	want := []struct {
		stopped string
		code    int
		stored  bool
	}{
		{"", 201, true}, {"authenticate", 401, false}, {"authorize", 403, false},
		{"validating admission", 403, false}, {"decode", 400, false}, {"validation", 422, false},
		{"persist", 504, false},
	}
	for i, w := range want {
		v := res.Variants[i]
		if v.StoppedAt != w.stopped || v.Code != w.code || v.Stored != w.stored {
			t.Errorf("%s: stopped at %q, %d, stored %v; want %q, %d, %v", v.Label, v.StoppedAt, v.Code, v.Stored, w.stopped, w.code, w.stored)
		}
	}
	again, err := RunGates(g, cfg)
	if err != nil || showGates(again) != showGates(res) {
		t.Errorf("a second run differs (%v)", err)
	}
}
