package scenario

import "github.com/loopbook/loopbook/engine/cluster/trace"

// window is a probe run's events from the fault (or the probe) to the
// end of the observation, each with its boundary key, computed once.
type window struct {
	run    *probeRun
	events []*trace.Event
	keys   []string
}

// newWindow reads a run's window and keys its events.
func newWindow(run *probeRun) *window {
	evs := run.window()
	return &window{run: run, events: evs, keys: boundaryKeys(evs)}
}

// reached returns the set of the window's boundary keys.
func (w *window) reached() map[string]bool {
	set := make(map[string]bool, len(w.keys))
	for _, k := range w.keys {
		set[k] = true
	}
	return set
}

// controlRun is the control run with what every case is compared with,
// derived once before the cases run and only read by them: its window,
// each actor's activity, the boundary keys it reached and its moving
// boundaries in order (see movingBoundaries).
type controlRun struct {
	*window
	activity actorActivity
	known    map[string]bool
	moving   []string
}

// newControlRun derives the control run's evidence.
func newControlRun(run *probeRun) *controlRun {
	w := newWindow(run)
	return &controlRun{window: w, activity: actorActivityOf(w.events), known: w.reached(), moving: movingBoundaries(w.events, w.keys)}
}
