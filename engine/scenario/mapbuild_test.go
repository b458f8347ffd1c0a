package scenario

import (
	"reflect"
	"testing"
	"time"
)

// TestMapInventoryPass checks that the map is the same however much of
// the trace the inventories have taken before it is built: none of the
// run, half of it, all of it, or the map built twice.
func TestMapInventoryPass(t *testing.T) {
	run := func(take func(s *Session)) any {
		s, err := NewSession(twoWorkers(t))
		if err != nil {
			t.Fatal(err)
		}
		s.Cluster.RunFor(30 * time.Second)
		take(s)
		return s.Map()
	}
	want := run(func(*Session) {})
	for _, tc := range []struct {
		name string
		take func(s *Session)
	}{
		{"half the run taken", func(s *Session) { s.takeInventoryTo((s.Start + s.Trace().Len()) / 2) }},
		{"all taken", func(s *Session) { s.takeInventory() }},
		{"one event taken", func(s *Session) { s.takeInventoryTo(s.Start + 1) }},
		{"map built before", func(s *Session) { s.Map() }},
	} {
		if got := run(tc.take); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the map differs", tc.name)
		}
	}
}
