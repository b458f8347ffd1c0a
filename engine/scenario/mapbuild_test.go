package scenario

import (
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
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

// TestMapActorsAgainstPlain checks mapActors, which remembers its recent
// acting actors, against a plain collection that looks every actor up,
// on random runs of events among a few actors.
func TestMapActorsAgainstPlain(t *testing.T) {
	actors := []trace.Actor{"alice", "bob", "apiserver-1", "apiserver-2", "etcd", "kubelet/worker-a",
		"controller-manager/job-controller", "controller-manager/gc", "scheduler", "noisy-client", ""}
	r := rand.New(rand.NewSource(1))
	for round := range 200 {
		pool := actors[:1+r.Intn(len(actors))]
		b := newMapActors()
		seen := map[string]bool{}
		var clients, members []string
		for range 300 {
			e := &trace.Event{From: pool[r.Intn(len(pool))], To: pool[r.Intn(len(pool))], Verb: trace.Get}
			b.event(e)
			if from := string(e.From); !seen[from] {
				seen[from] = true
				switch id := result.MapID(from); {
				case id == "controller-manager" && from != id:
					members = append(members, from)
				case !component(from):
					clients = append(clients, from)
				}
			}
			if e.To != "" {
				seen[string(e.To)] = true
			}
		}
		if !reflect.DeepEqual(b.seen, seen) || !slices.Equal(b.clients, clients) || !slices.Equal(b.members, members) {
			t.Fatalf("round %d: seen %v, clients %v, members %v; want %v, %v, %v",
				round, b.seen, b.clients, b.members, seen, clients, members)
		}
	}
}
