package spec

import (
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

func TestCheckNilVocabulary(t *testing.T) {
	s := parse[*Scenario](t, "scenario", "id: a\ntitle: A\nclaims: [never schedular -> etcd]\n")
	if err := s.Check(nil); err == nil {
		t.Error("a nil vocabulary is the default one, which knows the scheduler")
	}
}

func TestCheckUnknownUsersWithoutFixture(t *testing.T) {
	// Without a fixture the users are unknown: a word far from every
	// component may be a user, one near a component is a typo.
	s := parse[*Scenario](t, "scenario", "id: a\ntitle: A\nclaims: [never carol -> etcd, never etdc -> carol]\n")
	err := s.Check(DefaultVocabulary())
	if err == nil || err.Error() != `lesson.md:22:37: unknown actor "etdc"; did you mean "etcd"?` {
		t.Errorf("got %v", err)
	}
}

func TestServerAndPodActorsAreKnown(t *testing.T) {
	for _, claim := range []string{"never pod/demo/web-a -> apiserver", "apiserver -> labeler.policy-system.svc", "never noisy-client -> etcd", "apiserver -> metrics-server",
		"csi-provisioner -> csi-driver/ebs.csi.example.com", "client -> lb/web", "service-controller -> cloud-provider", "never database-operator -> etcd"} {
		c, err := ParseClaim(claim, diag.Pos{File: "l.md", Line: 1, Col: 1})
		if err != nil {
			t.Fatal(err)
		}
		ch := &checker{v: DefaultVocabulary()}
		ch.claim(c)
		if err := ch.errs.Err(); err != nil {
			t.Errorf("%q: %v", claim, err)
		}
	}
}

func TestSystemUsersAuthenticate(t *testing.T) {
	s := parse[*Scenario](t, "scenario", "id: a\ntitle: A\nsteps:\n  - {title: T, expect: apiserver AUTHENTICATE system:serviceaccount:demo:reader}\n")
	v := DefaultVocabulary()
	v.Users = []string{"alice"}
	if err := s.Check(v); err != nil {
		t.Errorf("a system: user is known to the API server: %v", err)
	}
}

func TestCheckKindsARunDefines(t *testing.T) {
	src := `id: a
title: A
run:
  - as: alice
    apply: |
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: databaseclusters.example.io}
      spec:
        group: example.io
        names: {kind: DatabaseCluster, plural: databaseclusters, singular: databasecluster, shortNames: [dbc]}
  - {as: alice, get: dbc demo/main}
claims:
  - count databaseclusters demo == 1
  - count databasecluster demo == 1
  - count databaseclustr demo == 1
`
	s := parse[*Scenario](t, "scenario", src)
	err := s.Check(DefaultVocabulary())
	if err == nil || err.Error() != `lesson.md:35:11: unknown kind "databaseclustr"; did you mean "databasecluster"?` {
		t.Errorf("a kind the run's CRD defines is known to later actions and claims, a misspelt one is not: %v", err)
	}
}
