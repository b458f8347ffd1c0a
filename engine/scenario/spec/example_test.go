package spec_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

func ExampleParse() {
	body := []byte(`id: bind
title: Bind a Pod
steps:
  - title: Bind
    expect: scheduler CREATE pods/binding demo/* x3
claims:
  - never scheduler -> kubelet
`)
	// The block's first body line is line 12 of the lesson.
	b, err := spec.Parse("scenario", body, diag.Pos{File: "lessons/01-actors/01-who.md", Line: 12, Col: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := b.(*spec.Scenario)
	p := s.Steps[0].Expect
	fmt.Println(p.Actor.Text, p.Verb, p.Resource.Resource, p.Resource.Subresource, p.Object.Namespace, p.Count.N, p.Pos)
	fmt.Printf("%T %s\n", s.Claims[0], s.Claims[0].ClaimPos())
	// Output:
	// scheduler CREATE pods binding demo 3 lessons/01-actors/01-who.md:16:13
	// *spec.CallClaim lessons/01-actors/01-who.md:18:5
}

func ExampleParse_errors() {
	body := []byte(`id: bind
title: Bind a Pod
stpes: []
claims:
  - "count pods demo app=web = 3"
run:
  - fault: kill schedular
`)
	_, err := spec.Parse("scenario", body, diag.Pos{File: "lesson.md", Line: 12, Col: 1})
	fmt.Println(err)
	// Output:
	// lesson.md:14:1: unknown scenario key "stpes"; did you mean "steps"?
	// lesson.md:16:30: unknown operator "="; did you mean "=="?
	// lesson.md:18:12: unknown fault "kill schedular"; did you mean "kill scheduler"?
}

func ExampleScenario_Check() {
	body := []byte(`id: bind
title: Bind a Pod
cluster: {nodes: [{name: worker-a}], users: [{name: alice}]}
steps:
  - title: Bind
    expect: schedular CREATE pods/binding demo/*
claims:
  - never scheduler -> kubelet/worker-b
`)
	b, err := spec.Parse("scenario", body, diag.Pos{File: "lesson.md", Line: 1, Col: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Check(spec.DefaultVocabulary()))
	// Output:
	// lesson.md:6:13: unknown actor "schedular"; did you mean "scheduler"?
	// lesson.md:8:24: unknown node "worker-b" in actor "kubelet/worker-b"; did you mean "worker-a"?
}
