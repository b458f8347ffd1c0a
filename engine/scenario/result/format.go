package result

import (
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Operation returns an event as a trace pattern would write it, without
// actors: VERB [QUALIFIER] [RESOURCE[.GROUP][/SUB]] [NS/NAME]
// ("CREATE deployments.apps demo/web", "NOTIFY MODIFIED pods demo/web-x",
// "AUTHENTICATE alice").
func Operation(ev *trace.Event) string {
	var b strings.Builder
	b.WriteString(ev.Verb.String())
	if ev.WatchType != 0 {
		b.WriteString(" " + ev.WatchType.String())
	}
	if ev.Phase != 0 {
		b.WriteString(" " + ev.Phase.String())
	}
	if ev.Resource != "" {
		b.WriteString(" " + ev.Resource)
		if ev.Group != "" {
			b.WriteString("." + ev.Group)
		}
		if ev.Subresource != "" {
			b.WriteString("/" + ev.Subresource)
		}
	}
	switch {
	case ev.Namespace != "" && ev.Name != "":
		b.WriteString(" " + ev.Namespace + "/" + ev.Name)
	case ev.Namespace != "":
		b.WriteString(" " + ev.Namespace)
	case ev.Name != "":
		b.WriteString(" " + ev.Name)
	}
	return b.String()
}

// OutcomeText returns an event's outcome as a pattern's "=> OUTCOME"
// writes it: "201", "403 Forbidden", "failed ErrImagePull", or "ok".
func OutcomeText(o trace.Outcome) string {
	switch {
	case o.Code != 0 && o.Reason != "":
		return strconv.Itoa(o.Code) + " " + o.Reason
	case o.Code != 0:
		return strconv.Itoa(o.Code)
	case o.Reason != "":
		return "failed " + o.Reason
	}
	return "ok"
}

// Line returns an event on one line, as the check and trace commands
// print it: "12.500s alice -> apiserver CREATE deployments.apps demo/web
// => 201". An event without a status or failure has no "=>" part.
func Line(ev *trace.Event) string {
	var b strings.Builder
	b.WriteString(ev.Time.String())
	b.WriteString(" " + string(ev.From))
	if ev.To != "" {
		b.WriteString(" -> " + string(ev.To))
	}
	b.WriteString(" " + Operation(ev))
	if ev.Outcome.Code != 0 || ev.Outcome.Reason != "" {
		b.WriteString(" => " + OutcomeText(ev.Outcome))
	}
	return b.String()
}
