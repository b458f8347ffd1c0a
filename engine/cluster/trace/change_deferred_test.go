package trace

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// countingSource is a ChangeSource that sets its lists once and counts
// the summaries it works out.
type countingSource struct {
	once   sync.Once
	c      *Change
	set    []string
	worked int
}

func (s *countingSource) Summarize(*Change) {
	s.once.Do(func() {
		s.worked++
		s.c.Set = s.set
	})
}

// deferred returns a change deferred on a source that gives set.
func deferred(set ...string) (*Change, *countingSource) {
	c := &Change{}
	src := &countingSource{c: c, set: set}
	c.Defer(src)
	return c, src
}

// TestDeferredChange: a deferred change is worked out once, on first
// read, by any number of readers at once; one that comes out empty is
// left out of the JSON, as no change at all.
func TestDeferredChange(t *testing.T) {
	log := NewLog()
	changed, src := deferred(".spec.replicas")
	empty, _ := deferred()
	for _, ev := range []Event{{Verb: Persist, Name: "changed", Change: changed}, {Verb: Persist, Name: "empty", Change: empty}} {
		seq := log.Add().Seq
		*log.At(seq) = ev
		log.At(seq).Seq = seq
	}
	if src.worked != 0 {
		t.Fatal("a deferred change was worked out before it was read")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := log.At(0).Changes(); len(got.Set) != 1 || got.Set[0] != ".spec.replicas" {
				t.Errorf("Changes() = %+v", got)
			}
			if !log.At(1).Changes().IsZero() {
				t.Error("an empty deferred change reads as a change")
			}
		})
	}
	wg.Wait()
	if src.worked != 1 {
		t.Errorf("worked out %d times, want once", src.worked)
	}
	var buf bytes.Buffer
	if err := log.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if !strings.Contains(lines[1], `"change":{"set":[".spec.replicas"]}`) {
		t.Errorf("the deferred change is not in the JSON: %s", lines[1])
	}
	if strings.Contains(lines[2], "change") {
		t.Errorf("an empty deferred change is in the JSON: %s", lines[2])
	}
	if log.At(1).Change == nil {
		t.Error("writing the JSON changed the log's event")
	}
}
