package kubectl

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// jobColumns are printers.go's jobColumnDefinitions.
var jobColumns = []column{
	{name: "Name"}, {name: "Status"}, {name: "Completions"}, {name: "Duration"}, {name: "Age"},
	{name: "Containers", wide: true}, {name: "Images", wide: true}, {name: "Selector", wide: true},
}

// jobRow is printers.go's printJob: the status from the conditions
// (Complete, Failed, Terminating, Suspended, FailureTarget,
// SuccessCriteriaMet, else Running), succeeded of completions ("1/3",
// "0/1 of 4" for a work queue of parallelism 4), and the time from start
// to completion, or to now while it runs.
func jobRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	var completions string
	if _, ok := sp["completions"]; ok {
		completions = fmt.Sprintf("%d/%d", integer(st, "succeeded"), integer(sp, "completions"))
	} else if p := integer(sp, "parallelism"); p > 1 {
		completions = fmt.Sprintf("%d/1 of %d", integer(st, "succeeded"), p)
	} else {
		completions = fmt.Sprintf("%d/1", integer(st, "succeeded"))
	}
	var dur string
	start, started := timeAt(st, "startTime")
	end, ended := timeAt(st, "completionTime")
	switch {
	case !started:
	case !ended:
		dur = HumanDuration(now.Sub(start))
	default:
		dur = HumanDuration(end.Sub(start))
	}
	names, images := containerCells(sp)
	return []string{o.Meta.Name, jobStatus(o), completions, dur, since(o.Meta.CreationTimestamp, now),
		names, images, formatSelector(object.MapAt(sp, "selector"))}
}

// jobStatus is printJob's STATUS column.
func jobStatus(o *object.Object) string {
	has := func(t string) bool {
		for _, c := range maps(listAt(status(o), "conditions")) {
			if str(c, "type") == t && str(c, "status") == "True" {
				return true
			}
		}
		return false
	}
	switch {
	case has("Complete"):
		return "Complete"
	case has("Failed"):
		return "Failed"
	case o.Meta.DeletionTimestamp != nil:
		return "Terminating"
	case has("Suspended"):
		return "Suspended"
	case has("FailureTarget"):
		return "FailureTarget"
	case has("SuccessCriteriaMet"):
		return "SuccessCriteriaMet"
	}
	return "Running"
}

// timeAt parses the RFC 3339 time at key.
func timeAt(m map[string]any, key string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, str(m, key))
	return t, err == nil
}

// cronJobColumns are printers.go's cronJobColumnDefinitions.
var cronJobColumns = []column{
	{name: "Name"}, {name: "Schedule"}, {name: "Timezone"}, {name: "Suspend"}, {name: "Active"}, {name: "Last Schedule"}, {name: "Age"},
	{name: "Containers", wide: true}, {name: "Images", wide: true}, {name: "Selector", wide: true},
}

// cronJobRow is printers.go's printCronJob: the schedule and its zone,
// suspend, how many Jobs are active and how long since the last
// schedule; wide, the job template's containers and selector.
func cronJobRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	tz := str(sp, "timeZone")
	if _, ok := sp["timeZone"]; !ok {
		tz = "<none>"
	}
	suspend := "<unset>"
	if s, ok := sp["suspend"].(bool); ok {
		suspend = "False"
		if s {
			suspend = "True"
		}
	}
	last := "<none>"
	if t, ok := timeAt(st, "lastScheduleTime"); ok {
		last = since(t, now)
	}
	jspec := object.MapAt(sp, "jobTemplate", "spec")
	names, images := containerCells(jspec)
	return []string{o.Meta.Name, str(sp, "schedule"), tz, suspend, fmt.Sprint(len(listAt(st, "active"))), last,
		since(o.Meta.CreationTimestamp, now), names, images, formatSelector(object.MapAt(jspec, "selector"))}
}
