package scenario

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The responses to a run's API actions, as kubectl would print them.
func TestResponses(t *testing.T) {
	s := rolloutSession(t)
	var b strings.Builder
	for _, r := range s.Responses {
		fmt.Fprintf(&b, "== %s$ %s (%s): %d %s %q\n%s\n", r.User, r.Action, r.ID, r.Code, r.Reason, r.Message, r.Output)
	}
	golden(t, "responses.golden", b.String())
	if r, ok := s.Response("bob-cm"); !ok || r.Code != 403 || !strings.HasPrefix(r.Output, "Error from server (Forbidden): ") {
		t.Errorf("bob's create: %+v", r)
	}
}

// A step's object is the stored object after the step's request took
// effect; faults mark the actors they break while they are in place.
func TestStepObjectAndBroken(t *testing.T) {
	src := readFile(t, "create-deployment.yaml")
	src = strings.Replace(src, "  - until: deployment demo/web .status.readyReplicas == 3\n    limit: 5m\n",
		"  - until: deployment demo/web .status.readyReplicas == 3\n    limit: 5m\n  - fault: kill scheduler\n  - wait: 30s\n", 1)
	src = strings.Replace(src, "claims:\n", "  - title: Scheduler down\n    expect: fault FAULT\nclaims:\n", 1)
	sc := parseScenario(t, src)
	r, err := RunScenario(sc, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	bind := r.Steps[10]
	if bind.Title != "Bind Pods" || bind.Object == nil {
		t.Fatalf("step %q object %v", bind.Title, bind.Object)
	}
	var node string
	for _, f := range bind.Object.Fields {
		if f.Path == ".spec.nodeName" {
			node = f.Value
		}
	}
	if node == "" || bind.Object.Kind != "Pod" || !strings.Contains(bind.Object.YAML(), "nodeName: "+node) {
		t.Errorf("bound Pod: node %q kind %s", node, bind.Object.Kind)
	}
	for _, f := range bind.Object.Fields {
		if strings.Contains(f.Path, "managedFields") {
			t.Errorf("field %s shown", f.Path)
		}
	}
	last := r.Steps[len(r.Steps)-1]
	if !last.Matched || !slices.Equal(last.Broken, []string{"scheduler"}) {
		t.Errorf("step %q broken %v", last.Title, last.Broken)
	}
	if a := r.Map.Actor("scheduler"); a == nil || !a.Broken {
		t.Errorf("map scheduler %+v", a)
	}
	if len(bind.Broken) != 0 {
		t.Errorf("broken before the fault: %v", bind.Broken)
	}
}

// kubectl validates strictly by default: an unknown field is refused.
func TestApplyValidatesStrictly(t *testing.T) {
	sess, err := NewSession(twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	s := parseScenario(t, `id: strict
title: Strict
run:
  - as: alice
    apply: |
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, namespace: demo}
      spec:
        replica: 2
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: web, image: "web:v1"}]}
`)
	r, err := sess.Do(s.Run[0])
	if err != nil {
		t.Fatal(err)
	}
	if r.Code != 400 || !strings.Contains(r.Message, `unknown field "spec.replica"`) {
		t.Errorf("response %d %q, want 400 with the unknown field", r.Code, r.Message)
	}
}

// A raw request carries its query: a list with limit returns a continue
// token, and the list prints as the API server sends it.
func TestRawQueryParameters(t *testing.T) {
	sess, err := NewSession(twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	s := parseScenario(t, `id: raw
title: Raw
run:
  - as: alice
    apply: |
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: a, namespace: demo}
  - as: alice
    raw: GET /api/v1/namespaces/demo/configmaps?limit=1
  - as: alice
    raw: GET /api/v1/namespaces/demo/configmaps?labelSelector=app%3Dnone
`)
	if _, err := sess.Do(s.Run[0]); err != nil {
		t.Fatal(err)
	}
	r, err := sess.Do(s.Run[1])
	if err != nil {
		t.Fatal(err)
	}
	if r.Code != 200 || !strings.HasPrefix(r.Output, `{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":`) ||
		!strings.Contains(r.Output, `"continue":"`) || strings.Count(r.Output, `"kind":"ConfigMap"`) != 1 {
		t.Errorf("limit=1: %d %s", r.Code, r.Output)
	}
	r, err = sess.Do(s.Run[2])
	if err != nil {
		t.Fatal(err)
	}
	if r.Code != 200 || !strings.HasSuffix(r.Output, `"items":[]}`) {
		t.Errorf("labelSelector: %d %s", r.Code, r.Output)
	}
}
