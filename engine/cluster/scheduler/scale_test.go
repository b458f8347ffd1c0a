package scheduler

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestSearchStopsAndRotates: on 1,000 nodes a cycle filters until 420 fit
// (the adaptive percentageOfNodesToScore), and the next cycle starts where
// the last one stopped, wrapping around, so every node gets its turn.
func TestSearchStopsAndRotates(t *testing.T) {
	s := algorithmScheduler(benchNodes(1000))
	var starts []int
	for i := range 3 {
		starts = append(starts, s.nextStartNodeIndex)
		p := framework.NewPodInfo(benchPod(i))
		s.state.Reset()
		if _, st := s.schedulingAlgorithm(&s.state, p); !st.IsSuccess() {
			t.Fatal(st.Message())
		}
	}
	if got := fmt.Sprint(starts, s.nextStartNodeIndex); got != "[0 420 840] 260" {
		t.Errorf("search starts = %s, want [0 420 840] 260", got)
	}
	ev, _ := s.env.Log.Query(trace.Verbs(trace.Filter)).First()
	if want := "420/1000 nodes evaluated (stop at 420 feasible): 420 feasible"; ev.Detail != want {
		t.Errorf("FILTER detail = %q, want %q", ev.Detail, want)
	}
	ev, _ = s.env.Log.Query(trace.Verbs(trace.Score)).First()
	if len(ev.Detail) == 0 || ev.Detail[:len("420 nodes scored, best: ")] != "420 nodes scored, best: " {
		t.Errorf("SCORE detail = %q", ev.Detail)
	}
}
