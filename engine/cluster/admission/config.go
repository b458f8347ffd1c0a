package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Config is what a chain and its webhook plugins need to trace.
type Config struct {
	// Log receives the ADMIT and WEBHOOK events; nil records nothing.
	Log *trace.Log
	// Now reads the virtual clock. Required when Log is set.
	Now func() sim.Time
	// Server is the actor the events come from when the request does not
	// name its replica in AdmissionAttributes.Server.
	// Default: trace.APIServer.
	Server trace.Actor
}

// recorder appends events for one chain. The zero recorder records
// nothing.
type recorder struct {
	log    *trace.Log
	now    func() sim.Time
	server trace.Actor
}

func newRecorder(c Config) recorder {
	if c.Log != nil && c.Now == nil {
		panic("admission: Config.Log is set but Config.Now is nil")
	}
	if c.Server == "" {
		c.Server = trace.APIServer
	}
	return recorder{log: c.Log, now: c.Now, server: c.Server}
}

// on reports whether events are recorded.
func (r recorder) on() bool { return r.log != nil }

// add appends an event about the request, from its serving replica, and
// returns it to be completed in place (trace.Log.Add).
func (r recorder) add(a *api.AdmissionAttributes, verb trace.Verb, phase trace.Phase) *trace.Event {
	from := a.Server
	if from == "" {
		from = r.server
	}
	group, _, resource := requestGVR(a)
	e := r.log.Add()
	e.Time, e.From, e.Verb, e.Phase = r.now(), from, verb, phase
	e.Group, e.Resource, e.Subresource = group, resource, a.Subresource
	e.Namespace, e.Name = a.Namespace, requestName(a)
	return e
}

// outcome turns a failure into a trace outcome.
func outcome(s *api.Status) trace.Outcome {
	if s == nil {
		return trace.Outcome{}
	}
	return trace.Outcome{Code: s.Code, Reason: string(s.Reason), Message: s.Message}
}
