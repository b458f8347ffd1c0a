package scenario

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

const auditedCluster = `cluster:
  nodes:
    - {name: worker-a}
  users:
    - {name: alice, groups: ["system:masters"]}
    - {name: bob}
  auditPolicy: |
    apiVersion: audit.k8s.io/v1
    kind: Policy
    omitStages: [RequestReceived]
    rules:
      - level: RequestResponse
        users: [alice]
        verbs: [create]
      - level: Metadata
        users: [alice, bob]
  objects: |
    apiVersion: v1
    kind: Namespace
    metadata: {name: demo}
`

func TestAuditAction(t *testing.T) {
	sc := parseScenario(t, `id: audit
title: t
`+auditedCluster+`run:
  - id: made
    as: alice
    create: |
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: settings, namespace: demo}
      data: {mode: fast}
  - {id: denied, as: bob, delete: configmap demo/settings}
  - {id: all, audit: {}}
  - {id: bob, audit: {user: bob, code: 403}}
  - {id: none, audit: {user: carol}}
  - {id: created, audit: {verb: create, level: RequestResponse, stage: ResponseComplete, resource: configmaps, namespace: demo, name: settings}}
`)
	cfg, err := Config(sc.Cluster.Inline, 1)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AuditPolicy == nil {
		t.Fatal("the fixture's audit policy did not reach the cluster config")
	}
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range sc.Run {
		if _, err := s.Do(a); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		id, command string
		lines       int
		contains    []string
	}{
		{"all", "jq -c . /var/log/kubernetes/audit/audit.log", 2, []string{`"username":"alice"`, `"username":"bob"`}},
		{"bob", `jq -c 'select(.user.username == "bob" and .responseStatus.code == 403)' /var/log/kubernetes/audit/audit.log`, 1,
			[]string{`"level":"Metadata"`, `"authorization.k8s.io/decision":"forbid"`, `"reason":"Forbidden"`}},
		{"none", `jq -c 'select(.user.username == "carol")' /var/log/kubernetes/audit/audit.log`, 0, nil},
		{"created", `jq -c 'select(.verb == "create" and .level == "RequestResponse" and .stage == "ResponseComplete" and .objectRef.resource == "configmaps" and .objectRef.namespace == "demo" and .objectRef.name == "settings")' /var/log/kubernetes/audit/audit.log`, 1,
			[]string{`"requestObject":{"apiVersion":"v1","kind":"ConfigMap"`, `"responseObject":{`, `"data":{"mode":"fast"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r, ok := s.Response(tt.id)
			if !ok {
				t.Fatal("no response")
			}
			if r.Action != tt.command {
				t.Errorf("command %q, want %q", r.Action, tt.command)
			}
			n := 0
			if r.Output != "" {
				n = len(strings.Split(r.Output, "\n"))
			}
			if n != tt.lines {
				t.Errorf("%d records, want %d:\n%s", n, tt.lines, r.Output)
			}
			for _, c := range tt.contains {
				if !strings.Contains(r.Output, c) {
					t.Errorf("output lacks %s:\n%s", c, r.Output)
				}
			}
		})
	}
}

func TestAuditPolicyErrorsArePositioned(t *testing.T) {
	src := "id: audit\ntitle: t\n" + strings.Replace(auditedCluster, "      - level: Metadata\n", "      - level: Metadata\n        verbz: [get]\n", 1) + "run:\n  - wait: 1s\n"
	sc := parseScenario(t, src)
	_, err := Config(sc.Cluster.Inline, 1)
	var l diag.List
	if !errorsAs(err, &l) || len(l) != 1 {
		t.Fatalf("error %v (%T), want one positioned error", err, err)
	}
	// Line 18 of the block holds "verbz", at column 9.
	if d := l[0]; d.Pos.Line != 18 || d.Pos.Col != 9 || !strings.Contains(d.Msg, `unknown field "verbz" in PolicyRule`) || !strings.Contains(d.Hint, "nonResourceURLs") {
		t.Errorf("got %s: %s (hint %q)", d.Pos, d.Msg, d.Hint)
	}
}

func TestAuditFilterErrors(t *testing.T) {
	tests := []struct{ filter, want string }{
		{"{verb: DELETE}", `unknown verb "DELETE"`},
		{"{stage: Done}", `unknown stage "Done"`},
		{"{usr: bob}", `unknown audit filter key "usr"`},
		{"{code: 42}", `"code" must be at least 100`},
		{"bob", "audit filter"},
	}
	for _, tt := range tests {
		t.Run(tt.filter, func(t *testing.T) {
			_, err := spec.Parse("scenario", []byte("id: a\ntitle: t\ncluster: two-workers\nrun:\n  - audit: "+tt.filter+"\n"), diag.Pos{File: "test.md", Line: 1, Col: 1})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
