package cluster_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A finished Job with ttlSecondsAfterFinished is deleted that long after
// it completed, by the TTL-after-finished controller: it reads the Job
// afresh, deletes it in the foreground on its UID, and the garbage
// collector removes its Pods first. A Job without a TTL stays.
func TestTTLAfterFinishedDeletesFinishedJobs(t *testing.T) {
	manifest := jobYAML("short", "worker:v1", "Never", "  ttlSecondsAfterFinished: 20\n") +
		"---\n" + jobYAML("kept", "worker:v1", "Never", "")
	c := jobCluster(t, manifest)
	from := c.Trace().Len()
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "short"), "Complete=True") }, 2*time.Minute) {
		t.Fatalf("the Job did not complete: %s", jobStatus(c, "short"))
	}
	job := c.Object("batch", "Job", "demo", "short")
	completed, err := time.Parse(time.RFC3339, job.GetString(".status.conditions[type=Complete].lastTransitionTime"))
	if err != nil {
		t.Fatal(err)
	}
	if !c.RunUntil(func() bool { return get(c, "batch", "Job", "demo", "short") == nil }, 2*time.Minute) {
		t.Fatalf("the Job is still there at %s", c.Now())
	}
	var deleteAt time.Time
	var got, deleted bool
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From != "ttl-after-finished-controller" || ev.Verb.Kind() != trace.KindAPI {
			continue
		}
		switch {
		case ev.Verb == trace.Get && ev.Resource == "jobs" && ev.Name == "short":
			got = ev.Outcome.Code == 200
		case ev.Verb == trace.Delete && ev.Resource == "jobs" && ev.Name == "short":
			deleted, deleteAt = ev.Outcome.Code == 200 && got, ev.Time.Wall()
		default:
			t.Errorf("the controller also sent %s %s %s", ev.Verb, ev.Resource, ev.Name)
		}
	}
	if !deleted {
		t.Fatal("the controller did not read the Job afresh and then delete it")
	}
	if wait := deleteAt.Sub(completed); wait < 20*time.Second || wait > 22*time.Second {
		t.Errorf("the Job was deleted %s after it completed, want its TTL of 20 s", wait)
	}
	if n := len(list(t, c, "", "Pod", "demo", "job-name=short")); n != 0 {
		t.Errorf("%d Pods of the deleted Job are left", n)
	}
	c.RunFor(time.Minute)
	if get(c, "batch", "Job", "demo", "kept") == nil {
		t.Error("the Job without a TTL was deleted")
	}
}

// With ttlSecondsAfterFinished 0 the Job goes as soon as it finished,
// in the foreground: it keeps the foregroundDeletion finalizer until the
// garbage collector has deleted its Pod, then loses it and goes.
func TestTTLAfterFinishedDeletesInTheForeground(t *testing.T) {
	manifest := jobYAML("once", "worker:v1", "Never", "  ttlSecondsAfterFinished: 0\n")
	c := jobCluster(t, manifest)
	from := c.Trace().Len()
	apply(t, c, "alice", manifest)
	var foreground bool
	gone := c.RunUntil(func() bool {
		j := get(c, "batch", "Job", "demo", "once")
		if j != nil && j.Meta.DeletionTimestamp != nil && slices.Contains(j.Meta.Finalizers, "foregroundDeletion") {
			foreground = true
		}
		return j == nil
	}, 2*time.Minute)
	if !gone || !foreground {
		t.Fatalf("the Job with TTL 0 gone: %v, in the foreground: %v (%s)", gone, foreground, jobStatus(c, "once"))
	}
	// The order of the writes: the controller's delete, the collector's
	// delete of the Pod, then its patch that lets the Job go.
	var order []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		write := ev.Verb == trace.Delete || ev.Verb == trace.Patch
		if write && ev.Outcome.Code == 200 && (ev.From == "ttl-after-finished-controller" || ev.From == "generic-garbage-collector") {
			order = append(order, string(ev.From)+" "+ev.Verb.String()+" "+ev.Resource)
		}
	}
	want := []string{"ttl-after-finished-controller DELETE jobs", "generic-garbage-collector DELETE pods", "generic-garbage-collector PATCH jobs"}
	if !slices.Equal(order, want) {
		t.Errorf("writes %q, want %q", order, want)
	}
}
