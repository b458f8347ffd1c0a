package flowcontrol

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestClassifyKeptOnCollision asks, in turn, two requests that share a
// slot (their hashed bytes are alike) and fall in different schemas: each
// answer replaces the other's and neither is taken for the other.
func TestClassifyKeptOnCollision(t *testing.T) {
	c := New(Config{})
	probe, other := path("get", "/livez"), path("get", "/lxvez")
	if api.MemoHash(anonymous, &probe) != api.MemoHash(anonymous, &other) {
		t.Fatal("the requests no longer share a slot; pick two that do")
	}
	for round := range 3 {
		for _, tc := range []struct {
			info   api.RequestInfo
			schema string
		}{{probe, "probes"}, {other, "global-default"}} {
			if got := c.schemas[c.classify(anonymous, &tc.info)].Name; got != tc.schema {
				t.Errorf("round %d, %s: classified into %s, want %s", round, tc.info.Path, got, tc.schema)
			}
		}
	}
}

// TestHandKept checks the hand kept for the last flow: flows asked in
// turn, again and after others, each get the queues dealt for them.
func TestHandKept(t *testing.T) {
	c := New(Config{})
	s := &c.schemas[c.classify(user("alice"), &listPods)]
	l := &c.levels[s.level]
	if !l.queued() || l.Queuing.Queues < 2 {
		t.Fatalf("schema %s's level %s does not split flows", s.Name, l.Name)
	}
	for i, flow := range []string{"alice", "alice", "bob", "alice", "", "bob", "bob", "carol", ""} {
		if got, want := c.hand(s, l, flow), c.deal(s, l, flow); !slices.Equal(got, want) {
			t.Errorf("request %d, flow %q: hand %v, want %v", i, flow, got, want)
		}
	}
	if len(s.hands) != 4 {
		t.Errorf("%d hands kept, want one for each of the 4 flows", len(s.hands))
	}
}
