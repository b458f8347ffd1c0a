package apiserver

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Prioritizer is API Priority and Fairness as the prioritize gate sees it:
// one per replica, as each kube-apiserver has its own seats and queues.
type Prioritizer interface {
	Prioritize(now sim.Time, user *api.UserInfo, info api.RequestInfo) Priority
}

// Priority is a Prioritizer's answer for one request.
type Priority struct {
	// Schema and Level are the FlowSchema and priority level that
	// classified the request, for the trace; both empty for a request APF
	// does not handle (long-running: watch, logs, exec).
	Schema, Level string
	// Wait is how long the request queued for a seat. Simplification: the
	// model answers the request at the instant it arrives; the wait is
	// recorded in the trace only.
	Wait time.Duration
	// Rejected is the 429 of a rejected request, nil when admitted.
	Rejected *api.Status
}

// PrioritizerFunc adapts a function to Prioritizer.
type PrioritizerFunc func(now sim.Time, user *api.UserInfo, info api.RequestInfo) Priority

// Prioritize calls f.
func (f PrioritizerFunc) Prioritize(now sim.Time, user *api.UserInfo, info api.RequestInfo) Priority {
	return f(now, user, info)
}
