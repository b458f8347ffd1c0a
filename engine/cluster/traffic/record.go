package traffic

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// record appends the request's HTTP event.
func (c *Client) record(from trace.Actor, req Request, r Result) {
	ns, name := splitKey(req.Service)
	e := trace.Event{Time: c.cfg.Loop.Now(), From: from, Verb: trace.HTTP, Resource: "services",
		Namespace: ns, Name: name, Outcome: outcome(r.Answer)}
	switch {
	case r.Backend.IP != "":
		e.To = podActor(r.Backend.Pod)
		e.Detail = "via " + r.Via + ": " + r.Address + " -> " + r.Backend.IP + ":" + strconv.Itoa(int(r.Backend.Port))
	case r.Via != "" && r.Answer.Err == ErrRefused:
		e.To = trace.Rules(r.Via)
		e.Detail = "via " + r.Via + ": " + req.Service + " has no endpoints"
	case r.Via != "":
		e.Detail = "via " + r.Via + ": no rule for " + req.Service
	default:
		e.Detail = "no node to enter through"
	}
	c.cfg.Log.Append(e)
}

// outcome is the trace outcome of an answer: its status, or a reason for
// a failed connection.
func outcome(a network.Answer) trace.Outcome {
	if a.Err == "" {
		return trace.Outcome{Code: a.Code}
	}
	reason := "ConnectionFailed"
	switch a.Err {
	case ErrRefused:
		reason = "ConnectionRefused"
	case ErrTimeout:
		reason = "Timeout"
	case ErrNoRoute:
		reason = "NoRouteToHost"
	}
	return trace.Outcome{Code: a.Code, Reason: reason, Message: a.Err}
}

// podActor is the actor of a Pod named "namespace/name".
func podActor(pod string) trace.Actor {
	ns, name := splitKey(pod)
	return trace.Pod(ns, name)
}

func splitKey(k string) (string, string) {
	for i := 0; i < len(k); i++ {
		if k[i] == '/' {
			return k[:i], k[i+1:]
		}
	}
	return "", k
}
