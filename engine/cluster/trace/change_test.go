package trace

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestChangeOrNil: an empty change is no change at all (nil, and left out
// of the JSON); a change is kept as a copy.
func TestChangeOrNil(t *testing.T) {
	if (Change{}).OrNil() != nil || (Change{Set: []string{}}).OrNil() != nil {
		t.Error("an empty change is not nil")
	}
	c := Change{Set: []string{".spec"}}
	p := c.OrNil()
	if p == nil || p.Set[0] != ".spec" {
		t.Fatalf("OrNil = %+v", p)
	}
	c.Set = nil
	if p.Set == nil {
		t.Error("OrNil does not copy the change")
	}
	var e Event
	if !e.Changes().IsZero() {
		t.Error("an event without a change reports one")
	}
	e.Change = p
	if got := e.Changes(); len(got.Set) != 1 {
		t.Errorf("Changes() = %+v", got)
	}
	b, err := json.Marshal(&Event{Verb: Persist})
	if err != nil || strings.Contains(string(b), "change") {
		t.Errorf("an event without a change encodes as %s (%v)", b, err)
	}
}

// TestChangeOrNilOfNothingAllocatesNothing: most events change nothing,
// and asking for their Change must not cost a heap copy.
func TestChangeOrNilOfNothingAllocatesNothing(t *testing.T) {
	var empty Change
	var got *Change
	if n := testing.AllocsPerRun(100, func() { got = empty.OrNil() }); n != 0 || got != nil {
		t.Errorf("OrNil of an empty change allocates %v objects (result %v)", n, got)
	}
}
