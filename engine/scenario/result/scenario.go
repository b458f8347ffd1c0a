package result

import (
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Scenario is a run scenario block.
type Scenario struct {
	// ID is the block's id (the page anchor).
	ID string
	// Title, Question, Answer and Note are the author's text.
	Title, Question, Answer, Note string
	// Fixture names the cluster the run started from ("" for inline).
	Fixture string
	// Map is the cluster the run used, laid out for drawing; its actors'
	// Broken flags tell the state at the end of the run.
	Map *Map
	// Steps are the narrative steps with the events each matched.
	Steps []Step
	// Claims are the scenario's claims, checked.
	Claims []Claim
	// Responses are the responses to the run's API actions, in order.
	Responses []Response
	// Trace is every event from the first action on (the cluster's
	// boot is left out), in order: the run's log's own events, shared,
	// never to be modified. It is nil unless the run was asked to keep
	// it (scenario.RunOptions).
	Trace []*trace.Event
	// Start is the virtual instant of the first action; End of the last
	// event considered.
	Start, End sim.Time
}

// Failed reports whether any step went unmatched or any claim is false.
func (s *Scenario) Failed() bool {
	for _, st := range s.Steps {
		if !st.Matched {
			return true
		}
	}
	for _, c := range s.Claims {
		if !c.OK {
			return true
		}
	}
	return false
}

// Step is one narrative step: the author's title and text, and the trace
// events it matched, which are what the page shows.
type Step struct {
	// Title and Say are the author's.
	Title, Say string
	// Pattern is the step's expect pattern as written.
	Pattern string
	// Matched is false when no ordered match was found; Nearest then
	// holds the recorded events closest to the pattern.
	Matched bool
	Events  []trace.Event
	Nearest []trace.Event
	// Object is the object the step's first event concerned, as it was
	// in the store right after the step's last event; nil when the step
	// is about no stored object.
	Object *Object
	// Broken lists the map actors broken at the step (faults applied
	// and not restored).
	Broken []string
}

// First returns the step's first matched event, or nil.
func (s *Step) First() *trace.Event {
	if len(s.Events) == 0 {
		return nil
	}
	return &s.Events[0]
}

// Claim is one checked claim.
type Claim struct {
	// Text is the claim as written; Pos where ("file:line:col").
	Text, Pos string
	OK        bool
	// Expected and Observed say, in words, what the claim wanted and what
	// the run showed ("== 3", "2").
	Expected, Observed string
	// Evidence are the events or objects that decided the claim, one per
	// line, at most a handful.
	Evidence []string
}

// Response is the response to one API action of a run.
type Response struct {
	// ID is the action's id ("" when it has none); User who sent it;
	// Action the kubectl command a person would type for it ("kubectl get
	// deployment.apps/web -n demo").
	ID, User, Action string
	Code             int
	Reason           string
	Message          string
	// Output is what kubectl would print for it (get, logs, exec, raw).
	Output string
}
