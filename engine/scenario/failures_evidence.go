package scenario

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// MaxChanges bounds the API OBJECT CHANGE evidence.
const MaxChanges = 8

// The outcome table's rows, in order.
var cellLabels = [...]string{"STOPS", "CONTINUES", "FIRST DETECTOR", "API OBJECT CHANGE", "REACTING LOOP", "WORKLOAD TRAFFIC", "RECOVERY CONDITION"}

// evidence derives a case's cells from its run and the control run:
//
//	STOPS             actors active in the control run that went quiet, or
//	                  whose calls failed when they did not without the fault
//	CONTINUES         the other actors, still acting
//	FIRST DETECTOR    the first call after the fault that failed, or the
//	                  first write the control run has no counterpart for
//	                  (a condition written about the broken part), by an
//	                  actor other than the fault, the admin and the client
//	API OBJECT CHANGE successful writes the control run has no counterpart
//	                  for, with who wrote them and the fields changed
//	REACTING LOOP     the controllers (and scheduler) that made those writes
//	WORKLOAD TRAFFIC  the probe's requests served and failed
//	RECOVERY          the time to steady state after the restore
func evidence(fc *spec.FaultCase, control *controlRun, faulted *window) []result.Cell {
	run := faulted.run
	ctl, flt := control.activity, actorActivityOf(faulted.events)
	var stops, continues []string
	for _, a := range ctl.order {
		c, f := ctl.by[a], flt.by[a]
		switch {
		case f == nil || f.total == 0:
			stops = append(stops, fmt.Sprintf("%s: went quiet (%d events without the fault)", a, c.total))
		case f.failed > 0 && f.failed*c.total > c.failed*f.total:
			stops = append(stops, fmt.Sprintf("%s: %d of %d calls failed (%d of %d without the fault)", a, f.failed, f.calls, c.failed, c.calls))
		default:
			continues = append(continues, string(a))
		}
	}
	known := control.known
	detector, changes, loops := "", []string(nil), []string(nil)
	seenChange, seenLoop := map[boundary]bool{}, map[string]bool{}
	for _, ev := range faulted.events {
		if ev.From == trace.FaultActor || ev.From == ProbeClient || ev.From == cluster.AdminUser || ev.Verb.Kind() == trace.KindGate || ev.Verb == trace.Notify {
			continue
		}
		b := boundaryOf(ev)
		novel := !known[b]
		if detector == "" && ((novel && failureWrite(ev.Verb)) || failedCall(ev)) {
			detector = describeEvent(run, ev)
		}
		if !novel || !failureWrite(ev.Verb) || ev.Outcome.Failed() || ev.Resource == "events" {
			continue
		}
		if !seenChange[b] {
			seenChange[b] = true
			changes = append(changes, describeEvent(run, ev)+changeSummary(ev.Changes()))
		}
		if reactingLoop(ev.From) && !seenLoop[string(ev.From)] {
			seenLoop[string(ev.From)] = true
			loops = append(loops, string(ev.From))
		}
	}
	if len(changes) > MaxChanges {
		changes = append(changes[:MaxChanges], fmt.Sprintf("… and %d more", len(changes)-MaxChanges))
	}
	traffic := fmt.Sprintf("probe traffic: %d served, %d failed", run.served, run.failed)
	if run.served+run.failed == 0 {
		traffic = "no Service in the baseline: no probe traffic"
	}
	author := []string{fc.Stops.Value, fc.Continues.Value, fc.Detector.Value, fc.Change.Value, fc.Loop.Value, fc.Traffic.Value, fc.Recovery.Value}
	if detector == "" {
		detector = "none: no call failed and no actor wrote anything new"
	}
	ev := [][]string{stops, continues, {detector}, changes, loops, {traffic}, {run.describeRecovery()}}
	cells := make([]result.Cell, len(cellLabels))
	for i, l := range cellLabels {
		cells[i] = result.Cell{Label: l, Author: author[i], Evidence: ev[i]}
	}
	return cells
}

// actorStats counts one actor's events in a window.
type actorStats struct {
	total, calls, failed int
}

// actorActivity is every actor's stats, in order of first appearance.
type actorActivity struct {
	order []trace.Actor
	by    map[trace.Actor]*actorStats
}

// actorActivityOf counts the events of a window by actor, leaving out the fault
// and the probe's client.
func actorActivityOf(evs []*trace.Event) actorActivity {
	a := actorActivity{by: map[trace.Actor]*actorStats{}}
	for _, ev := range evs {
		if ev.From == trace.FaultActor || ev.From == ProbeClient || ev.From == "" {
			continue
		}
		st := a.by[ev.From]
		if st == nil {
			st = &actorStats{}
			a.by[ev.From] = st
			a.order = append(a.order, ev.From)
		}
		st.total++
		if failureCall(ev.Verb) {
			st.calls++
			if failedCall(ev) {
				st.failed++
			}
		}
	}
	return a
}

// failureCall reports whether v is a call that can fail: an API request, a
// node-local call, a named exception or a data-plane request.
func failureCall(v trace.Verb) bool {
	switch v.Kind() {
	case trace.KindGate, trace.KindNotify, trace.KindDecision:
		return false
	}
	return v != trace.Fault && v != trace.Restore
}

// failedCall reports whether ev is a call that failed for another reason
// than optimistic concurrency (a 409 Conflict is how writers normally
// learn of a newer version).
func failedCall(ev *trace.Event) bool {
	return failureCall(ev.Verb) && ev.Outcome.Failed() && ev.Outcome.Reason != trace.ReasonConflict
}

// failureWrite reports whether v changes stored state.
func failureWrite(v trace.Verb) bool {
	switch v {
	case trace.Create, trace.Update, trace.Patch, trace.Delete, trace.DeleteCollection:
		return true
	}
	return false
}

// reactingLoop reports whether an actor is a control loop: a controller or
// the scheduler.
func reactingLoop(a trace.Actor) bool {
	s := string(a)
	return strings.Contains(s, "controller") || strings.HasPrefix(s, "scheduler")
}

// describeEvent writes an event as the evidence shows it: the time after
// the fault, the actor, the call and its outcome.
func describeEvent(run *probeRun, ev *trace.Event) string {
	start := run.sess.Trace().At(run.from).Time
	obj := ev.Name
	if ev.Namespace != "" {
		obj = ev.Namespace + "/" + ev.Name
	}
	res := ev.Resource
	if ev.Subresource != "" {
		res += "/" + ev.Subresource
	}
	s := strings.Join(strings.Fields(fmt.Sprintf("+%s %s %s %s %s", ev.Time.Sub(start), ev.From, ev.Verb, res, obj)), " ")
	if o := ev.Outcome; o.Failed() {
		s += fmt.Sprintf(" => %d %s", o.Code, o.Reason)
	}
	return s
}

// changeSummary lists the fields an event changed.
func changeSummary(c trace.Change) string {
	var fs []string
	fs = append(fs, c.Set...)
	fs = append(fs, c.Changed...)
	fs = append(fs, c.Removed...)
	if len(fs) == 0 {
		return ""
	}
	if len(fs) > 4 {
		fs = append(fs[:4], "…")
	}
	return " (" + strings.Join(fs, ", ") + ")"
}
