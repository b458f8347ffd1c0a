package render

import (
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// operation is an event as the step list names it: its verb, resource
// (with subresource) and object, and the outcome when it failed —
// "CREATE deployments demo/web", "CREATE pods/binding demo/web-a",
// "AUTHENTICATE alice", "AUTHORIZE deployments demo/web → 403 Forbidden",
// "AUDIT ResponseComplete pods demo/web-a".
func operation(e *trace.Event) string {
	var b strings.Builder
	b.WriteString(e.Verb.String())
	switch {
	case e.Verb == trace.Admit && e.Phase != 0:
		b.WriteString(" (" + e.Phase.String() + ")")
	case e.Verb == trace.Audit && e.Phase != 0:
		b.WriteString(" " + e.Phase.String())
	case e.Verb == trace.Notify && e.WatchType != 0:
		b.WriteString(" " + e.WatchType.String())
	}
	if e.Resource != "" {
		b.WriteByte(' ')
		b.WriteString(e.Resource)
		if e.Subresource != "" {
			b.WriteByte('/')
			b.WriteString(e.Subresource)
		}
	}
	if obj := objectName(e); obj != "" {
		b.WriteByte(' ')
		b.WriteString(obj)
	}
	if e.Outcome.Failed() {
		b.WriteString(" →")
		if e.Outcome.Code != 0 {
			b.WriteString(" " + strconv.Itoa(e.Outcome.Code))
		}
		if e.Outcome.Reason != "" {
			b.WriteString(" " + e.Outcome.Reason)
		}
	}
	return b.String()
}

// objectName is "NS/NAME", or "NAME" for a cluster-scoped object.
func objectName(e *trace.Event) string {
	switch {
	case e.Name == "":
		return ""
	case e.Namespace == "":
		return e.Name
	}
	return e.Namespace + "/" + e.Name
}

// actorLine is who acted on whom: "alice → apiserver", or the actor alone
// for a decision inside it ("deployment-controller").
func actorLine(e *trace.Event) string {
	if e.To == "" || e.To == e.From {
		return string(e.From)
	}
	return string(e.From) + " → " + string(e.To)
}

// stepOperation names a step by its first matched event, with the count of
// further events it matched: "CREATE pods/binding demo/web-a ×3".
func stepOperation(events []trace.Event) string {
	if len(events) == 0 {
		return ""
	}
	op := operation(&events[0])
	if len(events) > 1 {
		op += " ×" + strconv.Itoa(len(events))
	}
	return op
}

// stepActors lists the distinct actor lines of a step's events, in order,
// at most four.
func stepActors(events []trace.Event) []string {
	var lines []string
	for i := range events {
		line := actorLine(&events[i])
		dup := false
		for _, l := range lines {
			dup = dup || l == line
		}
		if !dup {
			if len(lines) == 4 {
				return append(lines, "…")
			}
			lines = append(lines, line)
		}
	}
	return lines
}
