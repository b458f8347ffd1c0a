package scenario

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Do runs one action. An API action's response is returned and recorded
// in Responses, whatever the API server answered: a refusal (403, 409,
// 422…) is what a lesson shows, not an error of the run. The error is for
// an action the run cannot carry out, positioned at the action: an
// unknown user or kind, an object that does not decode, a fault whose
// target does not exist, an until whose claim never held within its
// limit.
func (s *Session) Do(a spec.Action) (result.Response, error) {
	resp, api, err := s.do(a)
	if err != nil {
		return resp, err
	}
	if b := a.Base(); b.ID.IsSet() {
		s.marks[b.ID.Value] = s.End()
		if api {
			s.byID[b.ID.Value] = len(s.Responses)
		}
	}
	if api {
		resp.ID = a.Base().ID.Value
		s.Responses = append(s.Responses, resp)
	}
	return resp, nil
}

// do runs a and reports whether it was an API action.
func (s *Session) do(a spec.Action) (result.Response, bool, error) {
	switch a := a.(type) {
	case *spec.Apply:
		r, err := s.apply(a)
		return r, true, err
	case *spec.Get:
		r, err := s.get(a)
		return r, true, err
	case *spec.Delete:
		r, err := s.delete(a)
		return r, true, err
	case *spec.Patch:
		r, err := s.patch(a)
		return r, true, err
	case *spec.Scale:
		r, err := s.scale(a)
		return r, true, err
	case *spec.Logs:
		r, err := s.logs(a)
		return r, true, err
	case *spec.Exec:
		r, err := s.exec(a)
		return r, true, err
	case *spec.Raw:
		r, err := s.raw(a)
		return r, true, err
	case *spec.Follow:
		r, err := s.follow(a)
		return r, true, err
	case *spec.Kubectl:
		r, err := s.kubectlRun(a)
		return r, true, err
	case *spec.AuditLog:
		return s.auditLog(a), true, nil
	case *spec.FaultAction:
		return result.Response{}, false, s.fault(a)
	case *spec.Traffic:
		n := a.Count.Value
		if !a.Count.IsSet() {
			n = 1
		}
		if a.LoadBalancer {
			return result.Response{}, false, s.loadBalancerTraffic(a, n)
		}
		if a.Routed() {
			path := a.Path.Value
			if path == "" {
				path = "/"
			}
			send := s.Cluster.GatewayTraffic
			if a.ToIngress() {
				send = s.Cluster.IngressTraffic
			}
			send(trace.Actor(a.From.Text), a.Target.Namespace, a.Target.Name, a.Host.Value, path, n)
			return result.Response{}, false, nil
		}
		s.Cluster.Traffic(trace.Actor(a.From.Text), a.Target.Namespace+"/"+a.Target.Name, n)
		return result.Response{}, false, nil
	case *spec.Load:
		if err := s.Cluster.Load(a.Namespace.Text, a.Selector, a.CPU.Value); err != nil {
			return result.Response{}, false, diag.Errorf(a.CPU.Pos, "%v", err)
		}
		return result.Response{}, false, nil
	case *spec.Wait:
		s.Cluster.RunFor(a.For.Value)
		return result.Response{}, false, nil
	case *spec.Until:
		return result.Response{}, false, s.until(a)
	}
	return result.Response{}, false, diag.Errorf(a.Base().Pos, "scenario: unknown action %T", a)
}

// until runs the cluster until the claim holds. The claim is evaluated
// again only when the store changed, or the claim reads the trace; while
// waiting only its verdict is wanted (see holds), not the result
// Check dresses it in (its text and position).
func (s *Session) until(a *spec.Until) error {
	limit := a.Limit.Value
	if !a.Limit.IsSet() {
		limit = UntilLimit
	}
	seen, held := -1, false
	ok := s.Cluster.RunUntil(func() bool {
		if n := s.History.Len(); n != seen || readsTrace(a.Claim) {
			seen = n
			held = s.holds(a.Claim, s.End())
		}
		return held
	}, limit)
	if !ok {
		c := s.Check(a.Claim)
		return diag.Errorf(a.Claim.ClaimPos(), "until: %q did not hold within %s of virtual time (observed %s)", a.Claim.ClaimText(), limit, c.Observed)
	}
	return nil
}

// readsTrace reports whether a claim depends on trace events rather than
// only on stored objects.
func readsTrace(c spec.Claim) bool {
	switch c := c.(type) {
	case *spec.FieldClaim, *spec.CountClaim, *spec.ValuesClaim, *spec.ChangeClaim:
		return false
	case *spec.TemporalClaim:
		return readsTrace(c.Claim)
	}
	return true
}

// fault applies or restores a fault of the vocabulary. The lesson
// format's fault words are cluster/fault's: spec parses them with
// positions, cluster/fault gives them their meaning.
func (s *Session) fault(a *spec.FaultAction) error {
	if a.Fault == nil {
		return diag.Errorf(a.Pos, "no fault")
	}
	f, err := fault.Parse(a.Fault.Text)
	if err != nil {
		return diag.Errorf(a.Fault.Pos, "%v", err)
	}
	if a.Restore {
		err = fault.Restore(s.Cluster, f)
	} else {
		err = fault.Apply(s.Cluster, f)
	}
	if err != nil {
		return diag.Errorf(a.Fault.Pos, "%v", err)
	}
	s.noteFault(f, a.Restore)
	return nil
}

// client returns the user's client, or a positioned error.
func (s *Session) client(r spec.Request) (*client.Client, error) {
	if rest, ok := strings.CutPrefix(r.As.Value, "pod/"); ok {
		ns, name, _ := strings.Cut(rest, "/")
		if c := s.Cluster.PodClient(ns, name); c != nil {
			return c, nil
		}
		return nil, diag.Errorf(r.As.Pos, "no Pod %s/%s to send the request from", ns, name).
			WithHint("the Pod must exist, be scheduled and have started when the action runs")
	}
	c := s.Cluster.Client(r.As.Value)
	if c == nil {
		return nil, diag.Errorf(r.As.Pos, "unknown user %q", r.As.Value).
			WithHint("name one of the fixture's users")
	}
	return c, nil
}
