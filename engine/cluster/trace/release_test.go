package trace

import (
	"strings"
	"testing"
)

// fill adds n events to l, each naming its position.
func fill(l *Log, n int) {
	for range n {
		e := l.Add()
		e.From, e.Name, e.Change = "a", strings.Repeat("x", e.Seq%7), &Change{Set: []string{".spec"}}
	}
}

// TestRelease: a log gives up exactly the chunks that hold only events
// before the mark, keeps the rest as they were, and refuses to hand out a
// released event.
func TestRelease(t *testing.T) {
	l := NewLog()
	fill(l, 3*chunkSize+9)
	mark := 2*chunkSize + 3 // inside the third chunk: it stays
	l.Release(mark)
	if l.chunks[0] != nil || l.chunks[1] != nil || l.chunks[2] == nil || l.chunks[3] == nil {
		t.Fatalf("released chunks %v, want the first two", []bool{l.chunks[0] == nil, l.chunks[1] == nil, l.chunks[2] == nil, l.chunks[3] == nil})
	}
	for i := 2 * chunkSize; i < l.Len(); i++ {
		if e := l.At(i); e.Seq != i || e.From != "a" || e.Name != strings.Repeat("x", i%7) {
			t.Fatalf("event %d = %+v after Release", i, *e)
		}
	}
	func() {
		defer func() {
			if r := recover(); r != "trace: event released" {
				t.Errorf("At(0) after Release: panic %v, want the released event's", r)
			}
		}()
		l.At(0)
	}()
	l.Release(l.Len()) // the last chunk is not full: it stays
	if l.chunks[3] == nil {
		t.Error("the chunk events are still appended to was released")
	}
}

// TestReleasedChunksComeBackEmpty: a chunk another log released is handed
// out with zero events, and a log reset after releasing records again
// from position 0.
func TestReleasedChunksComeBackEmpty(t *testing.T) {
	old := NewLog()
	fill(old, 4*chunkSize)
	old.Release(4 * chunkSize)
	for _, l := range []*Log{NewLog(), old} {
		l.Reset()
		for i := range 5 * chunkSize {
			e := l.Add()
			if e.Seq != i || e.From != "" || e.Name != "" || e.Change != nil {
				t.Fatalf("Add %d gave %+v", i, *e)
			}
			e.From = "b"
		}
		if l.Len() != 5*chunkSize || l.At(0).From != "b" || l.At(5*chunkSize-1).From != "b" {
			t.Fatalf("%d events", l.Len())
		}
	}
}

// TestResetAfterShorterRunAndRelease: events a longer run left past a
// shorter run's end are gone too when the log, with chunks released,
// is reset: every Add hands out a zero event.
func TestResetAfterShorterRunAndRelease(t *testing.T) {
	l := NewLog()
	fill(l, 3*chunkSize+9)
	l.Reset()
	fill(l, chunkSize+5)
	l.Release(chunkSize)
	l.Reset()
	for i := range 4 * chunkSize {
		if e := l.Add(); e.Seq != i || e.From != "" || e.Name != "" || e.Change != nil {
			t.Fatalf("Add %d gave %+v", i, *e)
		}
	}
}
