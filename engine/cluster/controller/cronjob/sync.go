package cronjob

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/cron"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ScheduledTimestampAnnotation is batch.CronJobScheduledTimestampAnnotation:
// the time a Job was scheduled for, in the CronJob's zone.
const ScheduledTimestampAnnotation = "batch.kubernetes.io/cronjob-scheduled-timestamp"

// sync is sync: clean up, sync, write the status if anything changed,
// and requeue for the next schedule time.
func (jm *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	cj, ok := jm.cronJobs.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	// getJobsToBeReconciled: the Jobs whose controller has the CronJob's name.
	var jobs []*object.Object
	for _, j := range jm.jobs.Lister().ListNamespace(ns, object.LabelSelector{}) {
		if ref, ok := j.Meta.ControllerRef(); ok && ref.Name == name {
			jobs = append(jobs, j)
		}
	}
	st, _ := object.DeepCopyValue(cj.Status()).(map[string]any)
	if st == nil {
		st = map[string]any{}
	}
	s := &state{cj: cj, status: st}
	cleaned := jm.cleanupFinishedJobs(s, jobs)
	requeue, synced, syncErr := jm.syncCronJob(s, jobs)
	if cleaned || synced {
		err := controller.SendStatusUpdate(jm.Client, jm.cronKind, s.cj, s.status, api.WriteOptions{}).Err()
		if err != nil {
			return err
		}
	}
	if requeue >= 0 {
		jm.Queue.AddAfter(key, requeue)
		return nil
	}
	return syncErr
}

// state is the CronJob a sync works on and the status it builds.
type state struct {
	cj     *object.Object
	status map[string]any
}

func (s *state) active() []any { l, _ := s.status["active"].([]any); return l }

// inActive reports whether the Job of uid is in the active list.
func (s *state) inActive(uid string) bool {
	return slices.ContainsFunc(s.active(), func(r any) bool { return object.AsMap(r)["uid"] == uid })
}

// dropActive is deleteFromActiveList.
func (s *state) dropActive(uid string) {
	kept := slices.DeleteFunc(slices.Clone(s.active()), func(r any) bool { return object.AsMap(r)["uid"] == uid })
	if len(kept) == 0 {
		delete(s.status, "active")
		return
	}
	s.status["active"] = kept
}

// syncCronJob is syncCronJob. It returns when to sync again (negative:
// not until something changes) and whether the status changed.
func (jm *Controller) syncCronJob(s *state, jobs []*object.Object) (time.Duration, bool, error) {
	now := jm.loop.Now().Wall()
	changed := false
	children := map[string]bool{}
	for _, j := range jobs {
		children[j.Meta.UID] = true
		found := s.inActive(j.Meta.UID)
		finished, cond := finishedStatus(j)
		switch {
		case !found && !finished:
			fresh, err := client.Shared(jm.Client.Do(client.GetRequest(jm.cronKind, s.cj.Meta.Namespace, s.cj.Meta.Name), nil))
			if err != nil {
				return -1, changed, err
			}
			if freshState := (&state{status: fresh.Status()}); freshState.inActive(j.Meta.UID) {
				s.cj = fresh
				s.status, _ = object.DeepCopyValue(fresh.Status()).(map[string]any)
				continue
			}
			jm.Recorder.Eventf(s.cj, record.Warning, "UnexpectedJob", "Saw a job that the controller did not create or forgot: %s", j.Meta.Name)
		case found && finished:
			s.dropActive(j.Meta.UID)
			jm.Recorder.Eventf(s.cj, record.Normal, "SawCompletedJob", "Saw completed job: %s, condition: %s", j.Meta.Name, cond)
			changed = true
		case cond == "Complete":
			// A Job need not be active to count: the newest completion is
			// the last success.
			if ct := object.StringAt(j.Status(), "completionTime"); ct != "" && ct > object.StringAt(s.status, "lastSuccessfulTime") {
				s.status["lastSuccessfulTime"] = ct
				changed = true
			}
		}
	}
	for _, r := range s.active() {
		ref := object.AsMap(r)
		uid := object.StringAt(ref, "uid")
		if children[uid] {
			continue
		}
		err := jm.Client.Do(client.GetRequest(jm.jobKnd, object.StringAt(ref, "namespace"), object.StringAt(ref, "name")), nil).Err()
		switch {
		case api.IsReason(err, api.ReasonNotFound):
			jm.Recorder.Eventf(s.cj, record.Normal, "MissingJob", "Active job went missing: %v", object.StringAt(ref, "name"))
			s.dropActive(uid)
			changed = true
		case err != nil:
			return -1, changed, err
		}
	}
	cj, spec := s.cj, s.cj.Spec()
	if cj.Meta.DeletionTimestamp != nil {
		return -1, changed, nil
	}
	if tz, ok := spec["timeZone"].(string); ok {
		if _, err := time.LoadLocation(tz); err != nil {
			jm.Recorder.Eventf(cj, record.Warning, "UnknownTimeZone", "invalid timeZone: %q: %s", tz, err)
			return -1, changed, nil
		}
	}
	if suspended, _ := spec["suspend"].(bool); suspended {
		return -1, changed, nil
	}
	sched, err := cron.ParseStandard(jm.formatSchedule(cj, true))
	if err != nil {
		jm.Recorder.Eventf(cj, record.Warning, "UnparseableSchedule", "unparseable schedule: %q : %s", object.StringAt(spec, "schedule"), err)
		return -1, changed, nil
	}
	scheduled, err := jm.nextScheduleTime(s, now, sched)
	if err != nil {
		jm.Recorder.Eventf(cj, record.Warning, "InvalidSchedule", "invalid schedule: %s : %s", object.StringAt(spec, "schedule"), err)
		return -1, changed, nil
	}
	next := nextScheduleTimeDuration(cj, now, sched)
	if scheduled == nil {
		return next, changed, nil
	}
	if sds, ok := object.Int(spec["startingDeadlineSeconds"]); ok && scheduled.Add(time.Duration(sds)*time.Second).Before(now) {
		jm.Recorder.Eventf(cj, record.Warning, "MissSchedule", "Missed scheduled time to start a job: %s", scheduled.UTC().Format(time.RFC1123Z))
		return next, changed, nil
	}
	jobName := jobNameFor(cj, *scheduled)
	if slices.ContainsFunc(s.active(), func(r any) bool { return object.AsMap(r)["name"] == jobName }) ||
		object.StringAt(s.status, "lastScheduleTime") == scheduled.UTC().Format(time.RFC3339) {
		return next, changed, nil
	}
	switch spec["concurrencyPolicy"] {
	case "Forbid":
		if len(s.active()) > 0 {
			jm.Recorder.Eventf(cj, record.Normal, "JobAlreadyActive", "Not starting job because prior execution is running and concurrency policy is Forbid")
			return next, changed, nil
		}
	case "Replace":
		for _, r := range s.active() {
			ref := object.AsMap(r)
			job, err := client.Shared(jm.Client.Do(client.GetRequest(jm.jobKnd, object.StringAt(ref, "namespace"), object.StringAt(ref, "name")), nil))
			if err != nil {
				jm.Recorder.Eventf(cj, record.Warning, "FailedGet", "Get job: %v", err)
				return -1, changed, err
			}
			if !jm.deleteJob(s, job) {
				return -1, changed, fmt.Errorf("could not replace job %s/%s", job.Meta.Namespace, job.Meta.Name)
			}
			changed = true
		}
	}
	created, err := client.Shared(jm.Client.DoCreateOwning(jm.jobKnd, jobFromTemplate(cj, *scheduled), api.WriteOptions{}))
	switch {
	case controller.HasStatusCause(err, controller.NamespaceTerminatingCause):
		return -1, changed, err
	case api.IsReason(err, api.ReasonAlreadyExists):
		job, err := client.Shared(jm.Client.Do(client.GetRequest(jm.jobKnd, cj.Meta.Namespace, jobName), nil))
		if err != nil {
			return -1, changed, err
		}
		if ref, ok := job.Meta.ControllerRef(); !ok || ref.UID != cj.Meta.UID || s.inActive(job.Meta.UID) {
			return -1, changed, nil
		}
		created = job
	case err != nil:
		jm.Recorder.Eventf(cj, record.Warning, "FailedCreate", "Error creating job: %v", err)
		return -1, changed, err
	default:
		jm.Recorder.Eventf(cj, record.Normal, "SuccessfulCreate", "Created job %v", created.Meta.Name)
	}
	s.status["active"] = append(s.active(), map[string]any{
		"apiVersion": "batch/v1", "kind": "Job", "name": created.Meta.Name, "namespace": created.Meta.Namespace,
		"resourceVersion": created.Meta.ResourceVersion, "uid": created.Meta.UID,
	})
	s.status["lastScheduleTime"] = scheduled.UTC().Format(time.RFC3339)
	return nextScheduleTimeDuration(&object.Object{Meta: cj.Meta, Content: map[string]any{"spec": spec, "status": s.status}}, now, sched), true, nil
}

// formatSchedule is formatSchedule: the schedule, prefixed TZ=<timeZone>
// when the CronJob names a valid zone; a schedule with its own TZ is
// used as it is, with a warning when warn.
func (jm *Controller) formatSchedule(cj *object.Object, warn bool) string {
	spec := cj.Spec()
	schedule := object.StringAt(spec, "schedule")
	if strings.Contains(schedule, "TZ") {
		if warn {
			jm.Recorder.Eventf(cj, record.Warning, "UnsupportedSchedule", "CRON_TZ or TZ used in schedule %q is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details", schedule)
		}
		return schedule
	}
	if tz, ok := spec["timeZone"].(string); ok {
		if _, err := time.LoadLocation(tz); err != nil {
			return schedule
		}
		return "TZ=" + tz + " " + schedule
	}
	return schedule
}

// jobNameFor is getJobName: NAME-<minutes since the epoch>.
func jobNameFor(cj *object.Object, scheduled time.Time) string {
	return cj.Meta.Name + "-" + strconv.FormatInt(scheduled.Unix()/60, 10)
}

// jobFromTemplate is getJobFromTemplate2: the job template's labels,
// annotations (with the scheduled time) and spec, named for the time,
// controlled by the CronJob.
func jobFromTemplate(cj *object.Object, scheduled time.Time) *object.Object {
	tpl := object.MapAt(cj.Spec(), "jobTemplate")
	md := object.MapAt(tpl, "metadata")
	job := object.New("batch/v1", "Job")
	job.Meta.Name, job.Meta.Namespace = jobNameFor(cj, scheduled), cj.Meta.Namespace
	job.Meta.Labels = object.StringMap(md["labels"])
	job.Meta.Annotations = object.StringMap(md["annotations"])
	if job.Meta.Annotations == nil {
		job.Meta.Annotations = map[string]string{}
	}
	loc := time.UTC
	if tz, ok := cj.Spec()["timeZone"].(string); ok {
		if l, err := time.LoadLocation(tz); err == nil {
			loc = l
		}
	}
	job.Meta.Annotations[ScheduledTimestampAnnotation] = scheduled.In(loc).Format(time.RFC3339)
	job.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(cj, "batch/v1", "CronJob")}
	if spec, ok := tpl["spec"].(map[string]any); ok {
		job.Content["spec"] = object.DeepCopyValue(spec)
	}
	return job
}

// finishedStatus is getFinishedStatus: whether the Job has Complete or
// Failed True, and which.
func finishedStatus(j *object.Object) (bool, string) {
	for _, c := range object.AsList(j.Status()["conditions"]) {
		m := object.AsMap(c)
		if t := object.StringAt(m, "type"); (t == "Complete" || t == "Failed") && m["status"] == "True" {
			return true, t
		}
	}
	return false, ""
}
