package scenario

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// TestInRange checks the merge of index lists against a filter of their
// sorted union.
func TestInRange(t *testing.T) {
	lists := [][]int32{{1, 4, 9, 12}, {2, 3, 10}, {}, {0, 5, 6, 7, 20}}
	var all []int
	for _, l := range lists {
		for _, i := range l {
			all = append(all, int(i))
		}
	}
	slices.Sort(all)
	for _, tc := range []struct{ lo, hi int }{
		{0, 20}, {0, 0}, {3, 9}, {8, 8}, {9, 9}, {11, 19}, {21, 30}, {5, 4}, {-3, 2},
	} {
		var want []int
		for _, i := range all {
			if i >= tc.lo && i <= tc.hi {
				want = append(want, i)
			}
		}
		got := slices.Collect(inRange(lists, tc.lo, tc.hi))
		if !slices.Equal(got, want) {
			t.Errorf("inRange(%d, %d) = %v, want %v", tc.lo, tc.hi, got, want)
		}
		if got := slices.Collect(inRange([][]int32{lists[1]}, tc.lo, tc.hi)); len(got) > 0 && (got[0] < tc.lo || got[len(got)-1] > tc.hi) {
			t.Errorf("inRange(one list, %d, %d) = %v: out of range", tc.lo, tc.hi, got)
		}
	}
}

// TestEventIndexScans checks the indexed scans of claims and steps
// against a scan of the whole trace, for every verb and several actors,
// ends and limits, as the trace grows between scans.
func TestEventIndexScans(t *testing.T) {
	s, err := NewSession(twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	brute := func(pred func(*trace.Event) bool, from, at, limit int) []int {
		var out []int
		for i := max(from, s.Start); i <= at && i < s.Trace().Len(); i++ {
			if pred(s.Trace().At(i)) {
				out = append(out, i)
				if limit > 0 && len(out) == limit {
					break
				}
			}
		}
		return out
	}
	actors := []string{"*", "kubelet/*", "scheduler", "controller-manager", "apiserver*", "nobody", "kube-*"}
	for round := range 3 {
		s.Cluster.RunFor(20 * time.Second)
		end := s.End()
		ats := []int{s.Start - 1, s.Start, (s.Start + end) / 2, end, end + 5}
		for _, v := range append(trace.AllVerbs(), 0, 250) {
			for _, a := range actors {
				m := Compile(&spec.Pattern{Verb: v, Actor: spec.Word{Text: a}})
				glob := spec.ActorGlob(a)
				calls := func(e *trace.Event) bool { return trace.Glob(glob, string(e.From)) && e.Verb == v }
				for _, at := range ats {
					for _, limit := range []int{0, 1, 3} {
						for _, from := range []int{s.Start, (s.Start + end) / 3, end} {
							got, want := s.matching(m, from, at, limit), brute(calls, from, at, limit)
							if !slices.Equal(got, want) {
								t.Fatalf("round %d: matching(%s %s, %d, %d, %d) = %v, want %v", round, a, v, from, at, limit, got, want)
							}
						}
						got, want := s.eventsFrom(glob, calls, at, limit), brute(calls, s.Start, at, limit)
						if !slices.Equal(got, want) {
							t.Fatalf("round %d: eventsFrom(%s, %s, %d, %d) = %v, want %v", round, a, v, at, limit, got, want)
						}
					}
				}
			}
		}
	}
	s.index.release()
	if got, want := s.matching(Compile(&spec.Pattern{Verb: trace.Update, Actor: spec.Word{Text: "*"}}), s.Start, s.End(), 0),
		brute(func(e *trace.Event) bool { return e.Verb == trace.Update }, s.Start, s.End(), 0); !slices.Equal(got, want) {
		t.Fatalf("after release: %d updates, want %d", len(got), len(want))
	}
}

// TestMapListsVerbs checks the verb lists the map's pass makes on its
// way against the events' verbs, whether the index had listed none,
// some or all of the events before the map was built, and as the trace
// grows after it.
func TestMapListsVerbs(t *testing.T) {
	for _, before := range []string{"none", "some", "all"} {
		s, err := NewSession(twoWorkers(t))
		if err != nil {
			t.Fatal(err)
		}
		s.Cluster.RunFor(20 * time.Second)
		switch before {
		case "some":
			s.index.ofVerb(s.Trace(), s.Start, trace.Get)
			s.Cluster.RunFor(10 * time.Second)
		case "all":
			s.index.ofVerb(s.Trace(), s.Start, trace.Get)
		}
		for round := range 2 {
			s.Map()
			if s.index.verbTo != s.Trace().Len() {
				t.Fatalf("%s listed before, round %d: the index lists %d events, want %d", before, round, s.index.verbTo, s.Trace().Len())
			}
			for _, v := range append(trace.AllVerbs(), 0) {
				var want []int32
				for i := s.Start; i < s.Trace().Len(); i++ {
					if s.Trace().At(i).Verb == v {
						want = append(want, int32(i))
					}
				}
				if got := s.index.ofVerb(s.Trace(), s.Start, v); !slices.Equal(got, want) {
					t.Fatalf("%s listed before, round %d: %s lists %v, want %v", before, round, v, got, want)
				}
			}
			s.Cluster.RunFor(10 * time.Second)
		}
		s.release()
	}
}
