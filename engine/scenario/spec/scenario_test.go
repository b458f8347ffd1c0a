package spec

import (
	"os"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
)

// The seed's conversation "01 Create a Deployment", its step titles in
// order.
var seedSteps = []string{
	"Apply", "Authenticate", "Authorize", "Admission", "Store desired state", "Observe Deployment",
	"Create ReplicaSet", "Compare replicas", "Create Pods", "Select Nodes", "Bind Pods", "Execute on Node",
	"Start containers", "Report and converge",
}

func TestSeedConversationCreateDeployment(t *testing.T) {
	body, err := os.ReadFile("testdata/create-deployment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := parse[*Scenario](t, "scenario", string(body))
	if err := s.Check(testVocabulary(t)); err != nil {
		t.Fatalf("check: %v", err)
	}
	if s.ID.Value != "create-deployment" || s.Title.Value != "Create a Deployment" || s.Cluster.Name.Value != "two-workers" {
		t.Errorf("header: %s", show(s.ID))
	}
	if s.Question.Value != "Does applying replicas: 3 mean three containers exist already?" {
		t.Errorf("question %q", s.Question.Value)
	}
	if !s.Answer.IsSet() || !s.Note.IsSet() {
		t.Error("answer or note missing")
	}
	if got := s.StepTitles(); !slices.Equal(got, seedSteps) {
		t.Errorf("steps %q", got)
	}
	wantVerbs := []trace.Verb{trace.Create, trace.Authenticate, trace.Authorize, trace.Admit, trace.Persist, trace.Notify,
		trace.Create, trace.Notify, trace.Create, trace.Filter, trace.Create, trace.Notify, trace.CRIStartContainer, trace.Patch}
	for i, st := range s.Steps {
		if st.Expect.Verb != wantVerbs[i] {
			t.Errorf("step %q: verb %s, want %s", st.Title.Value, st.Expect.Verb, wantVerbs[i])
		}
		if !st.Say.IsSet() {
			t.Errorf("step %q says nothing", st.Title.Value)
		}
	}
	if len(s.Run) != 2 || len(s.Claims) != 7 {
		t.Fatalf("%d actions, %d claims", len(s.Run), len(s.Claims))
	}
	if _, ok := s.Run[1].(*Until); !ok {
		t.Errorf("second action is %T", s.Run[1])
	}
	if got := s.ActionIDs(); !slices.Equal(got, []string{"apply-web"}) {
		t.Errorf("action ids %q", got)
	}
	// Positions name the lesson's lines.
	if s.Pos != at || s.Steps[0].Pos.Line != line(22) || s.Steps[0].Expect.Pos != (diag.Pos{File: "lesson.md", Line: line(23), Col: 13}) {
		t.Errorf("positions: block %v, step %v, expect %v", s.Pos, s.Steps[0].Pos, s.Steps[0].Expect.Pos)
	}
	apply := s.Run[0].(*Apply)
	if apply.Object.Pos.Line != line(10) || apply.Object.Pos.Col != 7 {
		t.Errorf("apply object at %v", apply.Object.Pos)
	}
}

func TestScenarioInlineFixture(t *testing.T) {
	s := parse[*Scenario](t, "scenario", `id: tiny
title: Tiny
cluster:
  nodes: [{name: solo}]
  users: [{name: dora}]
run:
  - {as: dora, get: pod demo/x}
steps:
  - {title: Read, expect: dora GET pods demo/x}
`)
	if s.Cluster.Inline == nil || s.Cluster.Name.IsSet() {
		t.Fatalf("cluster %s", show(s.Cluster))
	}
	if got := s.Cluster.Inline.NodeNames(); !slices.Equal(got, []string{"solo"}) {
		t.Errorf("nodes %q", got)
	}
	if err := s.Check(DefaultVocabulary()); err != nil {
		t.Errorf("check: %v", err)
	}
	bad := parse[*Scenario](t, "scenario", "id: tiny\ntitle: Tiny\ncluster: {users: [{name: dora}]}\nrun: [{as: alice, get: pod demo/x}]\n")
	if err := bad.Check(DefaultVocabulary()); err == nil {
		t.Error("alice is not a user of the inline fixture")
	}
}

func TestParseReturnsEveryError(t *testing.T) {
	_, err := Parse("scenario", []byte("id: a\ntitle: T\nstpes: []\nclaims:\n  - nevr a -> b\n  - count pods demo == x\nrun:\n  - wait: soon\n"), at)
	var l diag.List
	l.Add(err)
	if len(l) != 4 {
		t.Fatalf("want 4 errors, got %d:\n%v", len(l), err)
	}
	for i := 1; i < len(l); i++ {
		if l[i].Pos.Line < l[i-1].Pos.Line {
			t.Errorf("errors not sorted: %v", err)
		}
	}
}
