package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// eventColumns are printers.go's eventColumnDefinitions.
var eventColumns = []column{
	{name: "Last Seen"}, {name: "Type"}, {name: "Reason"}, {name: "Object"},
	{name: "Subobject", wide: true}, {name: "Source", wide: true}, {name: "Message"},
	{name: "First Seen", wide: true}, {name: "Count", wide: true}, {name: "Name", wide: true},
}

// eventRow is printers.go's printEvent for core/v1 Events.
func eventRow(o *object.Object, now time.Time) []string {
	c := o.Content
	first := eventFirst(o, now)
	last := first
	if t := object.TimeAt(c, "lastTimestamp"); !t.IsZero() {
		last = since(t, now)
	}
	count := integer(c, "count")
	if s := object.MapAt(c, "series"); s != nil {
		last, count = since(object.TimeAt(s, "lastObservedTime"), now), integer(s, "count")
	} else if count == 0 {
		count = 1
	}
	ref := object.MapAt(c, "involvedObject")
	target := strings.ToLower(str(ref, "kind"))
	if n := str(ref, "name"); n != "" {
		target += "/" + n
	}
	return []string{last, str(c, "type"), str(c, "reason"), target, str(ref, "fieldPath"),
		eventSource(c), strings.TrimSpace(str(c, "message")), first, fmt.Sprint(count), o.Meta.Name}
}

// eventFirst is the age of an Event's first timestamp, or of its
// eventTime when it has none.
func eventFirst(o *object.Object, now time.Time) string {
	if t := object.TimeAt(o.Content, "firstTimestamp"); !t.IsZero() {
		return since(t, now)
	}
	return since(object.TimeAt(o.Content, "eventTime"), now)
}

// eventSource is printers.go's formatEventSource: the component (or
// reporting controller) and the host (or reporting instance).
func eventSource(c map[string]any) string {
	src := object.MapAt(c, "source")
	component := firstNonEmpty(str(src, "component"), str(c, "reportingComponent"))
	host := firstNonEmpty(str(src, "host"), str(c, "reportingInstance"))
	if host == "" {
		return component
	}
	return component + ", " + host
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
