package scenario

import (
	"iter"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// eventIndex lists the trace indices of a run's events, from the start
// mark on, by verb and, once a claim asks for it, by acting actor. Every
// pattern names a verb, and a call claim names its caller, so a claim or
// a step reads the few events of its verb or its actors rather than the
// whole trace, and a claim checked again and again (an until, an always)
// does not read the trace again each time. The index is extended as the
// trace grows; the zero value is an empty index.
type eventIndex struct {
	start int  // the trace index the lists begin at
	ok    bool // start is set

	verbTo int       // events before verbTo are in byVerb
	byVerb [][]int32 // by verb, ascending

	actorScans int // the scans by actor asked for (see Session.eventsFrom)
	actorTo    int // events before actorTo are in byActor
	byActor    map[trace.Actor]int
	actors     []trace.Actor // in the order first seen
	actorEvts  [][]int32     // by position in actors, ascending
}

// reset empties the index if it does not begin at start.
func (x *eventIndex) reset(start int) {
	if !x.ok || x.start != start {
		byVerb := x.byVerb
		if byVerb == nil {
			byVerb = spareVerbs()
		}
		for i := range byVerb {
			byVerb[i] = byVerb[i][:0]
		}
		*x = eventIndex{start: start, ok: true, verbTo: start, actorTo: start, byVerb: byVerb, actorScans: x.actorScans}
	}
}

// ofVerb returns the indices of log's events of verb v from start on.
func (x *eventIndex) ofVerb(log *trace.Log, start int, v trace.Verb) []int32 {
	x.reset(start)
	for x.verbTo < log.Len() {
		x.addVerb(log.At(x.verbTo).Verb)
	}
	if int(v) >= len(x.byVerb) {
		return nil
	}
	return x.byVerb[v]
}

// addVerb lists the event at verbTo, of verb v, and moves verbTo past
// it: a pass that reads the events for something else (see Session.Map)
// lists them on its way.
func (x *eventIndex) addVerb(v trace.Verb) {
	w := int(v)
	if w >= len(x.byVerb) {
		x.byVerb = append(x.byVerb, make([][]int32, w+1-len(x.byVerb))...)
	}
	x.byVerb[w] = append(x.byVerb[w], int32(x.verbTo))
	x.verbTo++
}

// ofActors returns the lists of indices of log's events from start on
// whose acting actor glob matches, one list for each such actor.
func (x *eventIndex) ofActors(log *trace.Log, start int, glob string) [][]int32 {
	x.reset(start)
	if x.byActor == nil {
		x.byActor = map[trace.Actor]int{}
	}
	last, j := trace.Actor(""), -1
	for ; x.actorTo < log.Len(); x.actorTo++ {
		a := log.At(x.actorTo).From
		if j < 0 || a != last {
			k, ok := x.byActor[a]
			if !ok {
				k = len(x.actors)
				x.byActor[a] = k
				x.actors = append(x.actors, a)
				x.actorEvts = append(x.actorEvts, nil)
			}
			last, j = a, k
		}
		x.actorEvts[j] = append(x.actorEvts[j], int32(x.actorTo))
	}
	var out [][]int32
	for k, a := range x.actors {
		if trace.Glob(glob, string(a)) {
			out = append(out, x.actorEvts[k])
		}
	}
	return out
}

// inRange yields the entries of the ascending lists, which hold no
// entry twice, that lie in [lo, hi], in ascending order.
func inRange(lists [][]int32, lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		pos := make([]int, len(lists))
		for j, l := range lists {
			pos[j], _ = slices.BinarySearch(l, int32(lo))
		}
		for {
			best := -1
			for j, l := range lists {
				if pos[j] < len(l) && int(l[pos[j]]) <= hi && (best < 0 || l[pos[j]] < lists[best][pos[best]]) {
					best = j
				}
			}
			if best < 0 {
				return
			}
			i := int(lists[best][pos[best]])
			pos[best]++
			if !yield(i) {
				return
			}
		}
	}
}

// span yields lo, lo+1, …, hi.
func span(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := lo; i <= hi; i++ {
			if !yield(i) {
				return
			}
		}
	}
}
