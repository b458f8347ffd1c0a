package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// cronJobYAML is a CronJob of image on schedule; extra is more of its
// spec, indented.
func cronJobYAML(name, schedule, image, extra string) string {
	return fmt.Sprintf(`apiVersion: batch/v1
kind: CronJob
metadata: {name: %s, namespace: demo}
spec:
  schedule: %q
%s  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: work, image: %q}]
`, name, schedule, extra, image)
}

// cronEvents are the reasons and messages of the Events the
// cronjob-controller wrote about name since from, in order.
func cronEvents(c interface {
	Trace() *trace.Log
}, from int) []string {
	var out []string
	log := c.Trace()
	for i := from; i < log.Len(); i++ {
		ev := log.At(i)
		if ev.From == "cronjob-controller" && ev.Verb == trace.Create && ev.Resource == "events" && ev.Outcome.Code == 201 {
			out = append(out, ev.Name)
		}
	}
	return out
}

// A CronJob every minute makes a Job at each minute, named for it, keeps
// the three newest that succeeded, and records when it last scheduled
// and last succeeded.
func TestCronJobRunsOnItsSchedule(t *testing.T) {
	manifest := cronJobYAML("tick", "*/1 * * * *", "worker:v1", "")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	created := c.Object("batch", "CronJob", "demo", "tick").Meta.CreationTimestamp
	first := created.Truncate(time.Minute).Add(time.Minute)
	c.RunFor(first.Add(4*time.Minute + 40*time.Second).Sub(c.Now().Wall()))
	jobs := list(t, c, "batch", "Job", "demo", "")
	var names []string
	for _, j := range jobs {
		names = append(names, j.Meta.Name)
		if ref, ok := j.Meta.ControllerRef(); !ok || ref.Kind != "CronJob" || ref.Name != "tick" {
			t.Errorf("Job %s is not controlled by the CronJob: %v", j.Meta.Name, j.Meta.OwnerReferences)
		}
		ts := j.Meta.Annotations["batch.kubernetes.io/cronjob-scheduled-timestamp"]
		at, err := time.Parse(time.RFC3339, ts)
		if err != nil || fmt.Sprintf("tick-%d", at.Unix()/60) != j.Meta.Name || at.Second() != 0 {
			t.Errorf("Job %s scheduled at %q", j.Meta.Name, ts)
		}
	}
	// The first five minute marks ran, and finished; the three newest
	// are kept.
	var want []string
	for i := 2; i < 5; i++ {
		want = append(want, fmt.Sprintf("tick-%d", first.Add(time.Duration(i)*time.Minute).Unix()/60))
	}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("Jobs %v, want the three newest %v", names, want)
	}
	cj := c.Object("batch", "CronJob", "demo", "tick")
	last := first.Add(4 * time.Minute).UTC().Format(time.RFC3339)
	if got := cj.GetString(".status.lastScheduleTime"); got != last {
		t.Errorf("lastScheduleTime %q, want %q", got, last)
	}
	if got := cj.GetString(".status.lastSuccessfulTime"); got <= last {
		t.Errorf("lastSuccessfulTime %q, want after %q", got, last)
	}
	if _, ok, _ := cj.Get(".status.active"); ok {
		t.Errorf("active %v after every Job finished", cj.Status()["active"])
	}
}

// Under Forbid a CronJob whose Job still runs skips the next time; a
// suspended CronJob makes nothing.
func TestCronJobForbidAndSuspend(t *testing.T) {
	manifest := cronJobYAML("slow", "*/1 * * * *", "web:v1", "  concurrencyPolicy: Forbid\n") +
		"---\n" + cronJobYAML("paused", "*/1 * * * *", "worker:v1", "  suspend: true\n")
	c := jobCluster(t, manifest)
	from := c.Trace().Len()
	apply(t, c, "alice", manifest)
	c.RunFor(3*time.Minute + 30*time.Second)
	if jobs := list(t, c, "batch", "Job", "demo", ""); len(jobs) != 1 || !strings.HasPrefix(jobs[0].Meta.Name, "slow-") {
		t.Fatalf("%d Jobs, want the one of the Forbid CronJob", len(jobs))
	}
	if active, _ := c.Object("batch", "CronJob", "demo", "slow").Status()["active"].([]any); len(active) != 1 {
		t.Errorf("active %v, want the running Job", active)
	}
	evs := cronEvents(c, from)
	if !slices.ContainsFunc(evs, func(e string) bool { return strings.HasPrefix(e, "slow.") }) {
		t.Errorf("no Event about the Forbid CronJob: %v", evs)
	}
}
