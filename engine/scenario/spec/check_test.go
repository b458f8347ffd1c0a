package spec

import (
	"testing"
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
