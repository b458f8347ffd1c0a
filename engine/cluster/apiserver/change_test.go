package apiserver

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestChangeSummaryTake: a summary is copied out with its empty lists nil
// and its lists sharing one allocation without overlapping, and the
// scratch is left empty for the next one.
func TestChangeSummaryTake(t *testing.T) {
	for n := 1; n <= 10; n++ {
		var c changeSummary
		c.add([]object.Change{{Op: object.Set, Path: ".a"}, {Op: object.Removed, Path: ".z"}})
		for i := 2; i < n; i++ {
			c.add([]object.Change{{Op: object.Changed, Path: ".c"}})
		}
		got := c.take()
		if got == nil || len(got.Set) != 1 || len(got.Removed) != 1 || len(got.Changed) != max(n-2, 0) {
			t.Fatalf("%d paths: took %+v", n, got)
		}
		if n <= 2 && got.Changed != nil {
			t.Errorf("%d paths: an empty list is %#v, not nil", n, got.Changed)
		}
		got.Set = append(got.Set, ".b")
		if got.Removed[0] != ".z" || slices.Contains(got.Changed, ".b") {
			t.Errorf("%d paths: appending to Set wrote into another list: %+v", n, got)
		}
		if len(c.Set)+len(c.Changed)+len(c.Removed) != 0 || c.take() != nil {
			t.Errorf("%d paths: the scratch is not empty after take: %+v", n, c)
		}
	}
}

// TestDeferredUpdateChanges: an update's change is worked out when read,
// and says what an eager summary would, however long after the write: a
// trace holding a few deferred changes keeps them past the 5 minutes the
// store keeps the revisions they compare (trace.Log.Defer), still
// unworked, and reads them right.
func TestDeferredUpdateChanges(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", cmPath, cmBody("cm", "0")))
	writes := func() []*trace.Event {
		var out []*trace.Event
		log := h.p.Trace()
		for i := range log.Len() {
			if e := log.At(i); e.From == "alice" && e.Resource == "configmaps" {
				out = append(out, e)
			}
		}
		return out
	}
	const updates = 20
	for i := 1; i <= updates; i++ {
		if i == updates {
			h.loop.RunFor(5*time.Minute + time.Second)
		}
		h.must(h.do("alice", "PUT", cmPath+"/cm", cmBody("cm", fmt.Sprint(i))))
	}
	evs := writes()
	if len(evs) != updates+1 {
		t.Fatalf("%d write events, want %d", len(evs), updates+1)
	}
	// Read the lists directly: Changes would work them out.
	if evs[1].Change.Changed != nil {
		t.Errorf("the first update's change of a short trace was worked out 5 minutes on: %+v", evs[1].Change)
	}
	if evs[updates].Change.Changed != nil {
		t.Error("the last change was worked out before it was read")
	}
	if got := evs[0].Changes(); !slices.Equal(got.Set, []string{".apiVersion", ".data", ".kind", ".metadata"}) {
		t.Errorf("the create's change is %+v", got)
	}
	for _, i := range []int{1, updates / 2, updates} {
		if got := evs[i].Changes(); !slices.Equal(got.Changed, []string{".data.k"}) || got.Set != nil || got.Removed != nil {
			t.Errorf("update %d: change %+v, want .data.k changed", i, got)
		}
	}
}

// TestTopLevelSummariesRemembered: a create's or a delete's summary names
// the object's top-level fields; the next object of its kind with the same
// fields shares it, and one with other fields gets its own.
func TestTopLevelSummariesRemembered(t *testing.T) {
	var d changeDiffer
	obj := func(kind string, fields ...string) *object.Object {
		o := &object.Object{Kind: kind, Content: map[string]any{}}
		for _, f := range fields {
			o.Content[f] = map[string]any{}
		}
		return o
	}
	tests := []struct {
		name      string
		o         *object.Object
		want      []string
		sharesOld int // an earlier case whose summary it must share, or -1
	}{
		{"first ConfigMap", obj("ConfigMap", "data"), []string{".apiVersion", ".data", ".kind", ".metadata"}, -1},
		{"same fields", obj("ConfigMap", "data"), []string{".apiVersion", ".data", ".kind", ".metadata"}, 0},
		{"one more field", obj("ConfigMap", "data", "binaryData"), []string{".apiVersion", ".binaryData", ".data", ".kind", ".metadata"}, -1},
		{"as many, another", obj("ConfigMap", "immutable", "data"), []string{".apiVersion", ".data", ".immutable", ".kind", ".metadata"}, -1},
		{"no content", obj("ConfigMap"), []string{".apiVersion", ".kind", ".metadata"}, -1},
		{"another kind", obj("Secret", "data"), []string{".apiVersion", ".data", ".kind", ".metadata"}, -1},
		{"Secret again", obj("Secret", "data"), []string{".apiVersion", ".data", ".kind", ".metadata"}, 5},
	}
	for _, removed := range []bool{false, true} {
		var got []*trace.Change
		for _, tt := range tests {
			var ch *trace.Change
			paths := func() []string { return ch.Set }
			if removed {
				ch = d.diff(tt.o, nil)
				paths = func() []string { return ch.Removed }
			} else {
				ch = d.diff(nil, tt.o)
			}
			if !slices.Equal(paths(), tt.want) {
				t.Errorf("%s (removed %v): paths %q, want %q", tt.name, removed, paths(), tt.want)
			}
			if tt.sharesOld >= 0 && ch != got[tt.sharesOld] {
				t.Errorf("%s (removed %v): not the summary of %q", tt.name, removed, tests[tt.sharesOld].name)
			}
			got = append(got, ch)
		}
	}
}
