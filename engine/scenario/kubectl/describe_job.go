package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeJob is describe.go's describeJob.
func describeJob(o *object.Object, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.controlledHeader(o)
	if _, ok := sp["parallelism"]; ok {
		d.line(0, "Parallelism:\t%d\n", integer(sp, "parallelism"))
	}
	if _, ok := sp["completions"]; ok {
		d.line(0, "Completions:\t%d\n", integer(sp, "completions"))
	} else {
		d.line(0, "Completions:\t<unset>\n")
	}
	if m := str(sp, "completionMode"); m != "" {
		d.line(0, "Completion Mode:\t%s\n", m)
	}
	if _, ok := sp["suspend"]; ok {
		d.line(0, "Suspend:\t%t\n", boolean(sp, "suspend"))
	}
	if _, ok := sp["backoffLimit"]; ok {
		d.line(0, "Backoff Limit:\t%d\n", integer(sp, "backoffLimit"))
	}
	if _, ok := sp["ttlSecondsAfterFinished"]; ok {
		d.line(0, "TTL Seconds After Finished:\t%d\n", integer(sp, "ttlSecondsAfterFinished"))
	}
	start, started := timeAt(st, "startTime")
	done, completed := timeAt(st, "completionTime")
	if started {
		d.line(0, "Start Time:\t%s\n", rfc1123z(start))
	}
	if completed {
		d.line(0, "Completed At:\t%s\n", rfc1123z(done))
	}
	if started && completed {
		d.line(0, "Duration:\t%s\n", HumanDuration(done.Sub(start)))
	}
	if _, ok := sp["activeDeadlineSeconds"]; ok {
		d.line(0, "Active Deadline Seconds:\t%ds\n", integer(sp, "activeDeadlineSeconds"))
	}
	if _, ok := st["ready"]; ok {
		d.line(0, "Pods Statuses:\t%d Active (%d Ready) / %d Succeeded / %d Failed\n", integer(st, "active"), integer(st, "ready"), integer(st, "succeeded"), integer(st, "failed"))
	} else {
		d.line(0, "Pods Statuses:\t%d Active / %d Succeeded / %d Failed\n", integer(st, "active"), integer(st, "succeeded"), integer(st, "failed"))
	}
	if str(sp, "completionMode") == "Indexed" {
		d.line(0, "Completed Indexes:\t%s\n", capIndexes(str(st, "completedIndexes"), 50))
	}
	d.podTemplate(object.MapAt(sp, "template"))
	d.events(events, now)
	return d.String()
}

// capIndexes is capIndexesListOrNone: the list cut after the first comma
// at or past softLimit, with "..."; "<none>" when empty.
func capIndexes(indexes string, softLimit int) string {
	if indexes == "" {
		return "<none>"
	}
	ix := softLimit
	for ; ix < len(indexes); ix++ {
		if indexes[ix] == ',' {
			break
		}
	}
	if ix >= len(indexes) {
		return indexes
	}
	return indexes[:ix+1] + "..."
}

// describeCronJob is describe.go's describeCronJob: the schedule and its
// policies ("<unset>" for what is not set), the job template
// (describeJobTemplate), the last schedule time and the active Jobs.
func describeCronJob(o *object.Object, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.head(o, true)
	d.line(0, "Schedule:\t%s\n", str(sp, "schedule"))
	d.line(0, "Concurrency Policy:\t%s\n", str(sp, "concurrencyPolicy"))
	d.line(0, "Suspend:\t%s\n", boolPtr(sp, "suspend"))
	d.line(0, "Time Zone:\t%s\n", stringOrUnset(sp, "timeZone"))
	d.line(0, "Successful Job History Limit:\t%s\n", intOrUnset(sp, "successfulJobsHistoryLimit", ""))
	d.line(0, "Failed Job History Limit:\t%s\n", intOrUnset(sp, "failedJobsHistoryLimit", ""))
	d.line(0, "Starting Deadline Seconds:\t%s\n", intOrUnset(sp, "startingDeadlineSeconds", "s"))
	jt := object.MapAt(sp, "jobTemplate", "spec")
	d.line(0, "Selector:\t%s\n", selectorOrUnset(jt))
	d.line(0, "Parallelism:\t%s\n", intOrUnset(jt, "parallelism", ""))
	d.line(0, "Completions:\t%s\n", intOrUnset(jt, "completions", ""))
	if _, ok := jt["activeDeadlineSeconds"]; ok {
		d.line(0, "Active Deadline Seconds:\t%ds\n", integer(jt, "activeDeadlineSeconds"))
	}
	d.podTemplate(object.MapAt(jt, "template"))
	if t, ok := timeAt(st, "lastScheduleTime"); ok {
		d.line(0, "Last Schedule Time:\t%s\n", rfc1123z(t))
	} else {
		d.line(0, "Last Schedule Time:\t<unset>\n")
	}
	var active []string
	for _, j := range maps(listAt(st, "active")) {
		active = append(active, str(j, "name"))
	}
	d.line(0, "Active Jobs:\t%s\n", firstNonEmpty(strings.Join(active, ", "), "<none>"))
	d.events(events, now)
	return d.String()
}

// intOrUnset is an integer field as describe prints an *int32 or *int64:
// the number and unit, or "<unset>" when it is absent.
func intOrUnset(m map[string]any, key, unit string) string {
	if _, ok := m[key]; !ok {
		return "<unset>"
	}
	return fmt.Sprintf("%d%s", integer(m, key), unit)
}
