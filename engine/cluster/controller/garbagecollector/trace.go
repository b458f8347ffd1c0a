package garbagecollector

import (
	"errors"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// decision is what one attempt on a node concluded, for the trace.
type decision struct {
	what string
	err  error
}

// record appends the RECONCILE event of an attempt on n: the object it
// stands for, the decision as the detail, a failure as the outcome. A
// node found gone (a virtual delete event) is not a failure.
func (gc *GarbageCollector) record(n *node, d decision) {
	ev := trace.Event{Time: gc.loop.Now(), From: Name, Verb: trace.Reconcile,
		Namespace: n.identity.Namespace, Name: n.identity.Name, Detail: d.what}
	if k, err := gc.kindOf(n.identity.APIVersion, n.identity.Kind); err == nil {
		ev.Group, ev.Resource = k.Group, k.Resource
	} else {
		ev.Resource = strings.ToLower(n.identity.Kind)
	}
	if !n.isObserved() {
		ev.Detail = "virtual owner: " + ev.Detail
	}
	if d.err != nil && d.err != errEnqueuedVirtualDelete {
		ev.Outcome = trace.Outcome{Reason: "Error", Message: d.err.Error()}
		var st *api.Status
		if errors.As(d.err, &st) && st.Reason != "" {
			ev.Outcome.Reason = string(st.Reason)
		}
	}
	gc.log.Append(ev)
}
