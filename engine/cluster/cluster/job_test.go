package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// jobYAML is a Job of image; extra is more of its spec, indented.
func jobYAML(name, image, restartPolicy, extra string) string {
	return fmt.Sprintf(`apiVersion: batch/v1
kind: Job
metadata: {name: %s, namespace: demo}
spec:
%s  template:
    spec:
      restartPolicy: %s
      containers: [{name: work, image: %q}]
`, name, extra, restartPolicy, image)
}

// jobCluster is two workers whose runs will create Jobs, with an image
// that works for 3 s and exits 0 and one that exits 1 after 1 s.
func jobCluster(t *testing.T, manifests string) *cluster.Cluster {
	cfg := twoWorkers(1)
	cfg.Images["worker:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: 3 * time.Second}
	cfg.Images["failer:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: time.Second, ExitCode: 1}
	cfg.Manifests = decode(t, manifests)
	return started(t, cfg)
}

// jobStatus is a Job's status fields that tell its progress, as one line.
func jobStatus(c *cluster.Cluster, name string) string {
	j := c.Object("batch", "Job", "demo", name)
	if j == nil {
		return "gone"
	}
	st := j.Status()
	var conds []string
	conditions, _ := st["conditions"].([]any)
	for _, c := range conditions {
		m := c.(map[string]any)
		conds = append(conds, fmt.Sprintf("%s=%s/%s", m["type"], m["status"], m["reason"]))
	}
	return fmt.Sprintf("active=%v succeeded=%v failed=%v ready=%v terminating=%v uncounted=%v %s",
		st["active"], st["succeeded"], st["failed"], st["ready"], st["terminating"], st["uncountedTerminatedPods"], strings.Join(conds, ","))
}

// A Job of 3 completions, 2 at a time, runs its Pods to success and
// completes, as kube-controller-manager v1.37 does it: Pods with the
// tracking finalizer, counted through uncountedTerminatedPods, then
// SuccessCriteriaMet and Complete.
func TestJobRunsToCompletion(t *testing.T) {
	manifest := jobYAML("pi", "worker:v1", "Never", "  completions: 3\n  parallelism: 2\n")
	c := jobCluster(t, manifest)
	from := c.Trace().Len()
	apply(t, c, "alice", manifest)
	var statuses []string
	done := c.RunUntil(func() bool {
		s := jobStatus(c, "pi")
		if len(statuses) == 0 || statuses[len(statuses)-1] != s {
			statuses = append(statuses, s)
		}
		return strings.Contains(s, "Complete=True")
	}, 2*time.Minute)
	if !done {
		t.Fatalf("the Job did not complete by %s: %q", c.Now(), statuses)
	}
	final := statuses[len(statuses)-1]
	if final != "active=<nil> succeeded=3 failed=<nil> ready=0 terminating=0 uncounted=map[] "+
		"SuccessCriteriaMet=True/CompletionsReached,Complete=True/CompletionsReached" {
		t.Errorf("final status %q", final)
	}
	if !slices.ContainsFunc(statuses, func(s string) bool { return strings.HasPrefix(s, "active=2 ") }) {
		t.Errorf("the Job never ran 2 Pods at once: %q", statuses)
	}
	// Each finished Pod is counted in two status updates: its UID into
	// uncountedTerminatedPods, then, its finalizer removed, into succeeded.
	var updates []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From == "job-controller" && ev.Verb == trace.Update && ev.Subresource == "status" && ev.Outcome.Code == 200 {
			ch := ev.Changes()
			updates = append(updates, strings.Join(slices.Concat(ch.Set, ch.Changed, ch.Removed), " "))
		}
	}
	into := slices.IndexFunc(updates, func(u string) bool { return strings.Contains(u, ".status.uncountedTerminatedPods.succeeded") })
	if into < 0 || into+1 >= len(updates) || !strings.Contains(updates[into+1], ".status.succeeded") {
		t.Errorf("status updates do not count through uncountedTerminatedPods: %q", updates)
	}
	j := c.Object("batch", "Job", "demo", "pi")
	if ct, st := j.GetString(".status.completionTime"), j.GetString(".status.startTime"); ct == "" || st == "" || ct < st {
		t.Errorf("startTime %q completionTime %q", st, ct)
	}
	pods := list(t, c, "", "Pod", "demo", "job-name=pi")
	if len(pods) != 3 {
		t.Fatalf("%d Pods, want 3", len(pods))
	}
	for _, p := range pods {
		if p.GetString(".status.phase") != "Succeeded" || len(p.Meta.Finalizers) != 0 || !strings.HasPrefix(p.Meta.Name, "pi-") ||
			p.Meta.Labels["batch.kubernetes.io/controller-uid"] != j.Meta.UID {
			t.Errorf("Pod %s: phase %s finalizers %v labels %v", p.Meta.Name, p.GetString(".status.phase"), p.Meta.Finalizers, p.Meta.Labels)
		}
	}
	var created, patched, events int
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From != "job-controller" || ev.Verb.Kind() != trace.KindAPI {
			continue
		}
		switch {
		case ev.Verb == trace.Create && ev.Resource == "pods":
			created++
			if ev.Outcome.Code != 201 {
				t.Errorf("pod create answered %d", ev.Outcome.Code)
			}
		case ev.Verb == trace.Patch && ev.Resource == "pods":
			patched++
		case ev.Verb == trace.Create && ev.Resource == "events":
			events++
		}
	}
	if created != 3 || patched != 3 || events != 4 {
		t.Errorf("job-controller created %d Pods, patched %d, wrote %d Events; want 3, 3 and 4 (3 SuccessfulCreate, Completed)", created, patched, events)
	}
}

// A Job whose Pods fail more often than backoffLimit fails: FailureTarget
// then Failed, BackoffLimitExceeded; its second Pod waits the 10 s
// back-off after the first failure.
func TestJobFailsPastItsBackoffLimit(t *testing.T) {
	manifest := jobYAML("flaky", "failer:v1", "Never", "  backoffLimit: 1\n")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "flaky"), "Failed=True") }, 5*time.Minute) {
		t.Fatalf("the Job did not fail by %s: %s", c.Now(), jobStatus(c, "flaky"))
	}
	if got := jobStatus(c, "flaky"); got != "active=<nil> succeeded=<nil> failed=2 ready=0 terminating=0 uncounted=map[] "+
		"FailureTarget=True/BackoffLimitExceeded,Failed=True/BackoffLimitExceeded" {
		t.Errorf("status %q", got)
	}
	pods := list(t, c, "", "Pod", "demo", "job-name=flaky")
	if len(pods) != 2 {
		t.Fatalf("%d Pods, want 2 (backoffLimit 1: one retry)", len(pods))
	}
	slices.SortFunc(pods, func(a, b *object.Object) int { return a.Meta.CreationTimestamp.Compare(b.Meta.CreationTimestamp) })
	first, second := pods[0], pods[1]
	failedAt, _ := time.Parse(time.RFC3339, first.GetString(".status.containerStatuses[0].state.terminated.finishedAt"))
	if gap := second.Meta.CreationTimestamp.Sub(failedAt); gap < 10*time.Second {
		t.Errorf("the second Pod came %s after the first failed, before the 10 s back-off", gap)
	}
	msg := c.Object("batch", "Job", "demo", "flaky").GetString(`.status.conditions[type=Failed].message`)
	if msg != "Job has reached the specified backoff limit" {
		t.Errorf("Failed message %q", msg)
	}
}

// Deleting a Job as kubectl does (in the background) deletes its Pods,
// whose tracking finalizers the controller removes; deleting it without a
// policy orphans them, with the API server's warning.
func TestJobDeletion(t *testing.T) {
	manifest := jobYAML("long", "web:v1", "Never", "  parallelism: 2\n  completions: 2\n") +
		"---\n" + jobYAML("kept", "web:v1", "Never", "")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	c.RunFor(20 * time.Second)
	if n := len(list(t, c, "", "Pod", "demo", "job-name=long")); n != 2 {
		t.Fatalf("%d Pods of the Job, want 2", n)
	}
	alice := c.Client("alice")
	resp := alice.Do(&api.Request{From: "alice", Method: "DELETE", Path: "/apis/batch/v1/namespaces/demo/jobs/long",
		Delete: api.DeleteOptions{PropagationPolicy: api.PropagationBackground}}, nil)
	if !resp.OK() {
		t.Fatal(resp.Status)
	}
	if !c.RunUntil(func() bool { return len(list(t, c, "", "Pod", "demo", "job-name=long")) == 0 }, 2*time.Minute) {
		for _, p := range list(t, c, "", "Pod", "demo", "job-name=long") {
			t.Logf("left: %s finalizers %v deleting %v", p.Meta.Name, p.Meta.Finalizers, p.Meta.DeletionTimestamp)
		}
		t.Fatal("the Job's Pods are not gone")
	}
	resp = alice.Do(&api.Request{From: "alice", Method: "DELETE", Path: "/apis/batch/v1/namespaces/demo/jobs/kept"}, nil)
	if !resp.OK() || len(resp.Warnings) != 1 {
		t.Fatalf("delete without a policy: %v warnings %q", resp.Status, resp.Warnings)
	}
	c.RunFor(30 * time.Second)
	if get(c, "batch", "Job", "demo", "kept") != nil {
		t.Error("the orphaning delete left the Job")
	}
	pods := list(t, c, "", "Pod", "demo", "job-name=kept")
	if len(pods) != 1 {
		t.Fatalf("%d Pods kept, want 1", len(pods))
	}
	if p := pods[0]; len(p.Meta.OwnerReferences) != 0 || len(p.Meta.Finalizers) != 0 || p.GetString(".status.phase") != "Running" {
		t.Errorf("the orphan: owners %v finalizers %v phase %s", p.Meta.OwnerReferences, p.Meta.Finalizers, p.GetString(".status.phase"))
	}
}

// A Job past its activeDeadlineSeconds has its Pods deleted and fails:
// DeadlineExceeded, once they have terminated.
func TestJobPastItsDeadline(t *testing.T) {
	manifest := jobYAML("slow", "web:v1", "Never", "  activeDeadlineSeconds: 10\n")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	start := c.Now()
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "slow"), "Failed=True") }, 3*time.Minute) {
		t.Fatalf("the Job did not fail by %s: %s", c.Now(), jobStatus(c, "slow"))
	}
	if got := jobStatus(c, "slow"); got != "active=<nil> succeeded=<nil> failed=1 ready=0 terminating=0 uncounted=map[] "+
		"FailureTarget=True/DeadlineExceeded,Failed=True/DeadlineExceeded" {
		t.Errorf("status %q", got)
	}
	j := c.Object("batch", "Job", "demo", "slow")
	if msg := j.GetString(`.status.conditions[type=Failed].message`); msg != "Job was active longer than specified deadline" {
		t.Errorf("Failed message %q", msg)
	}
	target, _ := time.Parse(time.RFC3339, j.GetString(`.status.conditions[type=FailureTarget].lastTransitionTime`))
	if d := target.Sub(start.Wall()); d < 10*time.Second || d > 12*time.Second {
		t.Errorf("FailureTarget %s after the Job was created, want the 10 s deadline", d)
	}
	if n := len(list(t, c, "", "Pod", "demo", "job-name=slow")); n != 0 {
		t.Errorf("%d Pods left", n)
	}
}

// A suspended Job creates no Pods and says so; resumed, it runs.
func TestJobSuspendAndResume(t *testing.T) {
	manifest := jobYAML("later", "worker:v1", "Never", "  suspend: true\n")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	c.RunFor(20 * time.Second)
	if got := jobStatus(c, "later"); got != "active=<nil> succeeded=<nil> failed=<nil> ready=0 terminating=0 uncounted=map[] Suspended=True/JobSuspended" {
		t.Errorf("suspended: %q", got)
	}
	if n := len(list(t, c, "", "Pod", "demo", "job-name=later")); n != 0 {
		t.Errorf("a suspended Job made %d Pods", n)
	}
	resp := c.Client("alice").Do(&api.Request{From: "alice", Method: "PATCH", Path: "/apis/batch/v1/namespaces/demo/jobs/later",
		PatchType: api.MergePatch, Patch: map[string]any{"spec": map[string]any{"suspend": false}}}, nil)
	if !resp.OK() {
		t.Fatal(resp.Status)
	}
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "later"), "Complete=True") }, 2*time.Minute) {
		t.Fatalf("the resumed Job did not complete: %s", jobStatus(c, "later"))
	}
	if got := jobStatus(c, "later"); !strings.HasPrefix(got, "active=<nil> succeeded=1 ") || !strings.Contains(got, "Suspended=False/JobResumed") {
		t.Errorf("resumed: %q", got)
	}
}

// An Indexed Job runs each index once, in Pods that carry it, and lists
// the succeeded indexes.
func TestIndexedJob(t *testing.T) {
	manifest := jobYAML("idx", "worker:v1", "Never", "  completions: 3\n  parallelism: 2\n  completionMode: Indexed\n")
	c := jobCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "idx"), "Complete=True") }, 2*time.Minute) {
		t.Fatalf("the Job did not complete: %s", jobStatus(c, "idx"))
	}
	j := c.Object("batch", "Job", "demo", "idx")
	if got := j.GetString(".status.completedIndexes"); got != "0-2" {
		t.Errorf("completedIndexes %q, want 0-2", got)
	}
	pods := list(t, c, "", "Pod", "demo", "job-name=idx")
	seen := map[string]bool{}
	for _, p := range pods {
		ix := p.Meta.Annotations["batch.kubernetes.io/job-completion-index"]
		seen[ix] = true
		env := p.GetString(".spec.containers[0].env[name=JOB_COMPLETION_INDEX].valueFrom.fieldRef.fieldPath")
		if p.Meta.Labels["batch.kubernetes.io/job-completion-index"] != ix || !strings.HasPrefix(p.Meta.Name, "idx-"+ix+"-") ||
			p.GetString(".spec.hostname") != "idx-"+ix || env != "metadata.labels['batch.kubernetes.io/job-completion-index']" {
			t.Errorf("Pod %s: index %q labels %v hostname %q env %q", p.Meta.Name, ix, p.Meta.Labels, p.GetString(".spec.hostname"), env)
		}
	}
	if len(pods) != 3 || !seen["0"] || !seen["1"] || !seen["2"] {
		t.Errorf("%d Pods of indexes %v, want one each of 0, 1, 2", len(pods), seen)
	}
}
