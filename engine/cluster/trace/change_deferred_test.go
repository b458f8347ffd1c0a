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

func (s *countingSource) Summarize() {
	s.once.Do(func() {
		s.worked++
		s.c.Set = s.set
	})
}

// deferred returns a change deferred in log on a source that gives set.
func deferred(log *Log, set ...string) (*Change, *countingSource) {
	c := &Change{}
	src := &countingSource{c: c, set: set}
	log.Defer(c, src)
	return c, src
}

// TestDeferredChange: a deferred change is worked out once, on first
// read, by any number of readers at once; one that comes out empty is
// left out of the JSON, as no change at all.
func TestDeferredChange(t *testing.T) {
	log := NewLog()
	changed, src := deferred(log, ".spec.replicas")
	empty, _ := deferred(log)
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

// TestLogBoundsDeferredChanges: a log works out its oldest deferred
// change when it holds maxDeferredChanges, and forgets them on Reset.
func TestLogBoundsDeferredChanges(t *testing.T) {
	log := NewLog()
	first, src := deferred(log, ".a")
	second, src2 := deferred(log, ".b")
	for range maxDeferredChanges - 2 {
		deferred(log, ".b")
	}
	if src.worked != 0 || first.Set != nil {
		t.Fatal("a change was worked out before the log was full")
	}
	_, next := deferred(log, ".c")
	if held := len(log.deferred) - log.resolved; src.worked != 1 || len(first.Set) != 1 || src2.worked != 0 || second.Set != nil || next.worked != 0 || held != maxDeferredChanges {
		t.Errorf("at the bound: first worked %d times, second %d, next %d, %d held", src.worked, src2.worked, next.worked, held)
	}
	log.Reset()
	if len(log.deferred) != 0 || log.resolved != 0 {
		t.Errorf("Reset left %d deferred changes", len(log.deferred))
	}
}

// TestLogWorksOutOldDeferredChanges: once the log holds
// keptDeferredChanges, a change deferred more than deferWindow before the
// log's last event is worked out at the next Defer; one deferred within
// it is not, and below the count none is.
func TestLogWorksOutOldDeferredChanges(t *testing.T) {
	log := NewLog()
	log.Append(Event{Time: 1})
	old, oldSrc := deferred(log, ".a")
	log.Append(Event{Time: 1 + deferWindow})
	recent, recentSrc := deferred(log, ".b")
	log.Append(Event{Time: 2 + deferWindow})
	for range keptDeferredChanges - 2 {
		deferred(log, ".c")
	}
	if oldSrc.worked != 0 || recentSrc.worked != 0 {
		t.Fatal("a change was worked out while the log held fewer than keptDeferredChanges")
	}
	deferred(log, ".c")
	if oldSrc.worked != 1 || len(old.Set) != 1 || recentSrc.worked != 0 || recent.Set != nil {
		t.Errorf("past the window: old worked %d times, recent %d", oldSrc.worked, recentSrc.worked)
	}
	if held := len(log.deferred) - log.resolved; held != keptDeferredChanges {
		t.Errorf("%d deferred changes held, want %d", held, keptDeferredChanges)
	}
}
