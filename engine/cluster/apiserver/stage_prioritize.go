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
// prioDetail is the PRIORITIZE detail of an unqueued request of a flow
// schema and priority level, built once per replica.
func (s *Server) prioDetail(schema, level string) string {
	k := prioKey{schema, level}
	if text, ok := s.prioDetails[k]; ok {
		return text
	}
	if s.prioDetails == nil {
		s.prioDetails = map[prioKey]string{}
	}
	text := "flow schema " + schema + ", priority level " + level
	s.prioDetails[k] = text
	return text
}

func runPrioritize(r *request) *api.Status {
	p := r.s.prio
	if p == nil {
		r.gate(trace.Prioritize, 0, nil, "")
		return nil
	}
	d := p.Prioritize(r.now, r.user, r.info)
	detail := ""
	switch {
	case d.Level == "":
		detail = "not subject to API Priority and Fairness"
	case d.Wait > 0:
		detail = "flow schema " + d.Schema + ", priority level " + d.Level + ", queued " + d.Wait.String()
	default:
		detail = r.s.prioDetail(d.Schema, d.Level)
	}
	r.gate(trace.Prioritize, 0, d.Rejected, detail)
	return d.Rejected
}
