package watchcache

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestHistorySizing follows the watch cache's capacity rules: it doubles
// while full of events younger than 75 s (up to 102,400), and otherwise
// evicts the oldest event.
func TestHistorySizing(t *testing.T) {
	tests := []struct {
		name     string
		events   int
		interval time.Duration
		capacity int
		kept     int
	}{
		{"a burst grows the buffer", 250, 0, 400, 250},
		{"a slow stream keeps 100", 300, time.Second, 100, 100},
		{"a stream faster than 75 s per 100 events grows", 300, 100 * time.Millisecond, 400, 300},
		{"growth stops at the upper bound", 200_000, 0, UpperBoundCapacity, UpperBoundCapacity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHistory()
			for i := range tt.events {
				h.add(Event{RV: int64(i + 1), At: sim.Time(time.Duration(i) * tt.interval)})
			}
			if h.capacity() != tt.capacity || h.len() != tt.kept || len(h.buf) > tt.capacity || len(h.buf) < tt.kept {
				t.Errorf("capacity %d (%d slots) holding %d, want %d holding %d", h.capacity(), len(h.buf), h.len(), tt.capacity, tt.kept)
			}
			if last := h.at(h.end - 1).RV; last != int64(tt.events) {
				t.Errorf("newest event %d", last)
			}
			if got, want := h.at(h.start).RV, int64(tt.events-tt.kept+1); got != want {
				t.Errorf("oldest event %d, want %d", got, want)
			}
		})
	}
}

func TestHistoryShrinks(t *testing.T) {
	h := newHistory()
	for i := range 400 { // a burst: capacity 400
		h.add(Event{RV: int64(i + 1)})
	}
	// Long after, the newest quarter is older than 75 s: the next event
	// halves the buffer.
	h.add(Event{RV: 401, At: sim.Time(10 * time.Minute)})
	if h.capacity() != 200 || len(h.buf) != 200 || h.len() != 200 || h.at(h.end-1).RV != 401 {
		t.Errorf("capacity %d (%d slots) holding %d", h.capacity(), len(h.buf), h.len())
	}
}

// TestHistoryGrowsItsBufferAsEventsCome: the capacity is 100 from the
// start, but a history of three events holds a few slots, and events
// keep their positions as the buffer grows.
func TestHistoryGrowsItsBufferAsEventsCome(t *testing.T) {
	h := newHistory()
	for i := range 3 {
		h.add(Event{RV: int64(i + 1)})
	}
	if h.capacity() != LowerBoundCapacity || len(h.buf) != firstSlots {
		t.Errorf("capacity %d in %d slots after 3 events", h.capacity(), len(h.buf))
	}
	for i := 3; i < 70; i++ {
		h.add(Event{RV: int64(i + 1)})
	}
	if len(h.buf) != 100 || h.len() != 70 {
		t.Errorf("%d slots holding %d after 70 events", len(h.buf), h.len())
	}
	for pos := h.start; pos < h.end; pos++ {
		if rv := h.at(pos).RV; rv != int64(pos+1) {
			t.Fatalf("position %d holds revision %d", pos, rv)
		}
	}
}

func TestIndexOrder(t *testing.T) {
	x := newIndex()
	o := object.New("v1", "ConfigMap")
	for _, k := range []string{"/b", "/a", "/c", "/ab"} {
		x.put(k, o)
	}
	var got []string
	x.ascend("/a", func(k string, _ *object.Object) bool { got = append(got, k); return true })
	if fmt.Sprint(got) != "[/a /ab]" {
		t.Errorf("prefix /a: %v", got)
	}
	x.remove("/a")
	x.put("/a", o) // deleted and added again before the next read
	x.put("/d", o)
	got = nil
	x.ascend("/", func(k string, _ *object.Object) bool { got = append(got, k); return true })
	if fmt.Sprint(got) != "[/a /ab /b /c /d]" {
		t.Errorf("all: %v", got)
	}
}

// An ordered read lists exactly the cached keys, in order and once each,
// whether or not keys were removed since the last read: without
// removals, merge takes every key as cached without looking it up.
func TestIndexMergeListsLiveKeys(t *testing.T) {
	o := object.New("v1", "ConfigMap")
	for _, tc := range []struct {
		name string
		ops  []string // "+k" puts k, "-k" removes it, "?" reads in order
		want string
	}{
		{"puts only", []string{"+/c", "+/a", "?", "+/b", "+/a"}, "[/a /b /c]"},
		{"a removal", []string{"+/c", "+/a", "?", "-/a", "+/b"}, "[/b /c]"},
		{"removed before any read", []string{"+/a", "-/a", "+/b"}, "[/b]"},
		{"removed and put again", []string{"+/a", "?", "-/a", "+/a", "+/b"}, "[/a /b]"},
		{"reads after a removal", []string{"+/a", "+/b", "-/b", "?", "+/c", "?", "+/b"}, "[/a /b /c]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newIndex()
			read := func() string {
				var got []string
				x.ascend("/", func(k string, _ *object.Object) bool { got = append(got, k); return true })
				return fmt.Sprint(got)
			}
			for _, op := range tc.ops {
				switch op[0] {
				case '+':
					x.put(op[1:], o)
				case '-':
					x.remove(op[1:])
				default:
					read()
				}
			}
			if got := read(); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
