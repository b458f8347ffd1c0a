package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runPrioritize is API Priority and Fairness (WithPriorityAndFairness,
// k8s.io/apiserver/pkg/server/filters/priority-and-fairness.go): the
// replica's Prioritizer classifies the request and admits or rejects it
// with 429 TooManyRequests and Retry-After. Without a Prioritizer every
// request is admitted.
func runPrioritize(r *request) *api.Status {
	p := r.s.prio
	if p == nil {
		r.gate(trace.Prioritize, 0, nil, "")
		return nil
	}
	d := p.Prioritize(r.now, r.user, r.info)
	detail := "not subject to API Priority and Fairness"
	if d.Level != "" {
		detail = r.s.prioDetails.of(d.Schema, d.Level, d.Wait)
	}
	r.gate(trace.Prioritize, 0, d.Rejected, detail)
	return d.Rejected
}
