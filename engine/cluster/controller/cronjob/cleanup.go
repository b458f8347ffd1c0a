package cronjob

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// cleanupFinishedJobs is cleanupFinishedJobs: the oldest finished Jobs
// beyond the history limits are deleted. It reports whether the status
// changed.
func (jm *Controller) cleanupFinishedJobs(s *state, jobs []*object.Object) bool {
	spec := s.cj.Spec()
	_, hasOK := spec["successfulJobsHistoryLimit"]
	_, hasFailed := spec["failedJobsHistoryLimit"]
	if !hasOK && !hasFailed {
		return false
	}
	var succeeded, failed []*object.Object
	for _, j := range jobs {
		switch _, c := finishedStatus(j); c {
		case "Complete":
			succeeded = append(succeeded, j)
		case "Failed":
			failed = append(failed, j)
		}
	}
	changed := false
	if hasOK && jm.removeOldestJobs(s, succeeded, spec["successfulJobsHistoryLimit"]) {
		changed = true
	}
	if hasFailed && jm.removeOldestJobs(s, failed, spec["failedJobsHistoryLimit"]) {
		changed = true
	}
	return changed
}

// removeOldestJobs deletes the jobs beyond limit, earliest started first
// (byJobStartTime: by startTime, a Job not started last, then by name).
func (jm *Controller) removeOldestJobs(s *state, jobs []*object.Object, limit any) bool {
	n, _ := object.Int(limit)
	excess := len(jobs) - int(n)
	if excess <= 0 {
		return false
	}
	slices.SortStableFunc(jobs, func(a, b *object.Object) int {
		sa, sb := object.StringAt(a.Status(), "startTime"), object.StringAt(b.Status(), "startTime")
		switch {
		case sa == sb:
			return strings.Compare(a.Meta.Name, b.Meta.Name)
		case sa == "":
			return 1
		case sb == "":
			return -1
		}
		return strings.Compare(sa, sb)
	})
	changed := false
	for _, j := range jobs[:excess] {
		if jm.deleteJob(s, j) {
			changed = true
		}
	}
	return changed
}

// deleteJob is deleteJob: the Job is deleted in the background and
// dropped from the active list.
func (jm *Controller) deleteJob(s *state, job *object.Object) bool {
	err := jm.Client.Do(client.DeleteRequest(jm.jobKnd, job.Meta.Namespace, job.Meta.Name,
		api.DeleteOptions{PropagationPolicy: api.PropagationBackground}), nil).Err()
	if err != nil {
		jm.Recorder.Eventf(s.cj, record.Warning, "FailedDelete", "Deleted job: %v", err)
		return false
	}
	s.dropActive(job.Meta.UID)
	jm.Recorder.Eventf(s.cj, record.Normal, "SuccessfulDelete", "Deleted job %v", job.Meta.Name)
	return true
}
