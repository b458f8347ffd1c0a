package scenario

import "github.com/loopbook/loopbook/engine/cluster/trace"

// window is a probe run's events from the fault (or the probe) to the
// end of the observation.
type window struct {
	run    *probeRun
	events []*trace.Event
}

// newWindow reads a run's window.
func newWindow(run *probeRun) *window {
	return &window{run: run, events: run.window()}
}

// reached returns the set of the window's boundaries.
func (w *window) reached() map[boundary]bool {
	set := map[boundary]bool{}
	for _, ev := range w.events {
		set[boundaryOf(ev)] = true
	}
	return set
}

// controlRun is the control run with what every case is compared with,
// derived once before the cases run and only read by them: its window,
// each actor's activity, the boundaries it reached and its moving
// boundaries in order (see movingBoundaries).
type controlRun struct {
	*window
	activity actorActivity
	known    map[boundary]bool
	moving   []boundary
}

// newControlRun derives the control run's evidence.
func newControlRun(run *probeRun) *controlRun {
	w := newWindow(run)
	return &controlRun{window: w, activity: actorActivityOf(w.events), known: w.reached(), moving: movingBoundaries(w.events)}
}
