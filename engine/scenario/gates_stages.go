package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// gateStages are the API server's declared gates without the route stage
// (apiserver.Stages): authenticate, prioritize, authorize, decode,
// mutating admission, validation, validating admission, persist.
func gateStages() []apiserver.Stage {
	var out []apiserver.Stage
	for _, s := range apiserver.Stages() {
		if s.Verb != trace.Route {
			out = append(out, s)
		}
	}
	return out
}

// gateStop is where a request stopped, read from its gate events.
type gateStop struct {
	// passed counts the rail's stages the request passed; stoppedAt is
	// the stage that refused it ("" when none did).
	passed    int
	stoppedAt string
	// persisted is set when a PERSIST event succeeded.
	persisted bool
}

// readGates reads the gate events of the request from actor that starts
// at trace index from: the request's own API event opens them, and they
// end at the next API event of that actor. A gate event that failed is
// the stop; each passed rail stage counts once.
func readGates(log *trace.Log, from int, actor trace.Actor) gateStop {
	var out gateStop
	stages := gateStages()
	passed := map[int]bool{}
	opened := false
	for i := from; i < log.Len(); i++ {
		ev := log.At(i)
		if ev.Verb.Kind() == trace.KindAPI && ev.From == actor {
			if opened {
				break
			}
			opened = true
			continue
		}
		if ev.Verb.Kind() != trace.KindGate {
			continue
		}
		idx := stageIndex(stages, ev)
		if ev.Outcome.Failed() {
			if idx >= 0 {
				out.stoppedAt = stages[idx].Name
			} else {
				out.stoppedAt = ev.Verb.String()
			}
			break
		}
		if idx >= 0 && !passed[idx] {
			passed[idx] = true
			out.passed++
		}
		if ev.Verb == trace.Persist {
			out.persisted = true
		}
	}
	return out
}

// stageIndex finds the rail stage a gate event records, or -1.
func stageIndex(stages []apiserver.Stage, ev *trace.Event) int {
	for i, s := range stages {
		if s.Verb == ev.Verb && (s.Phase == 0 || s.Phase == ev.Phase) {
			return i
		}
	}
	return -1
}
