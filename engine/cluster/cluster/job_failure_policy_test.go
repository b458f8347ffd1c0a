package cluster_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// policyCluster is jobCluster with one more image, which exits 42 after
// a second.
func policyCluster(t *testing.T, manifests string) *cluster.Cluster {
	cfg := twoWorkers(1)
	cfg.Images["worker:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: 3 * time.Second}
	cfg.Images["failer:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: time.Second, ExitCode: 1}
	cfg.Images["bug:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: time.Second, ExitCode: 42}
	cfg.Manifests = decode(t, manifests)
	return started(t, cfg)
}

// A FailJob rule on the exit code fails the Job at its first such
// failure, whatever its backoffLimit, with kube-controller-manager
// v1.37's reason and message.
func TestPodFailurePolicyFailJob(t *testing.T) {
	manifest := jobYAML("buggy", "bug:v1", "Never", `  backoffLimit: 6
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {containerName: work, operator: In, values: [42]}
`)
	c := policyCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "buggy"), "Failed=True") }, 5*time.Minute) {
		t.Fatalf("the Job did not fail: %s", jobStatus(c, "buggy"))
	}
	if got := jobStatus(c, "buggy"); got != "active=<nil> succeeded=<nil> failed=1 ready=0 terminating=0 uncounted=map[] "+
		"FailureTarget=True/PodFailurePolicy,Failed=True/PodFailurePolicy" {
		t.Errorf("status %q", got)
	}
	pods := list(t, c, "", "Pod", "demo", "job-name=buggy")
	if len(pods) != 1 {
		t.Fatalf("%d Pods, want 1: the first failure fails the Job", len(pods))
	}
	want := "Container work for pod demo/" + pods[0].Meta.Name + " failed with exit code 42 matching FailJob rule at index 0"
	if msg := c.Object("batch", "Job", "demo", "buggy").GetString(".status.conditions[type=Failed].message"); msg != want {
		t.Errorf("Failed message %q, want %q", msg, want)
	}
	var warned bool
	for _, e := range list(t, c, "", "Event", "demo", "") {
		if e.GetString(".reason") == "PodFailurePolicy" && e.GetString(".type") == "Warning" && e.GetString(".message") == want {
			warned = true
		}
	}
	if !warned {
		t.Error("no PodFailurePolicy Warning Event")
	}
}

// An Ignore rule keeps failures out of the count: a Job with
// backoffLimit 0 replaces its failing Pods instead of failing, and its
// status counts no failure.
func TestPodFailurePolicyIgnore(t *testing.T) {
	manifest := jobYAML("retry", "failer:v1", "Never", `  backoffLimit: 0
  podFailurePolicy:
    rules:
    - action: Ignore
      onExitCodes: {operator: In, values: [1]}
`)
	c := policyCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return len(list(t, c, "", "Pod", "demo", "job-name=retry")) >= 3 }, 5*time.Minute) {
		t.Fatalf("the Job did not replace its ignored failures: %s", jobStatus(c, "retry"))
	}
	st := jobStatus(c, "retry")
	if strings.Contains(st, "Failed=True") || !strings.Contains(st, "failed=<nil>") {
		t.Errorf("ignored failures were counted: %s", st)
	}
}

// A Count rule, or a failure no rule matches, counts as without a
// policy: backoffLimit 0 fails the Job at the first failure.
func TestPodFailurePolicyCount(t *testing.T) {
	manifest := jobYAML("counted", "failer:v1", "Never", `  backoffLimit: 0
  podFailurePolicy:
    rules:
    - action: Ignore
      onExitCodes: {operator: In, values: [42]}
    - action: Count
      onExitCodes: {operator: NotIn, values: [42]}
`)
	c := policyCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "counted"), "Failed=True") }, 5*time.Minute) {
		t.Fatalf("the Job did not fail: %s", jobStatus(c, "counted"))
	}
	if got := jobStatus(c, "counted"); !strings.Contains(got, "failed=1 ") || !strings.Contains(got, "Failed=True/BackoffLimitExceeded") {
		t.Errorf("status %q", got)
	}
}

// An Indexed Job whose successPolicy is met completes then, with reason
// SuccessPolicy, though indexes remain: the Pods still running are
// stopped and not counted as failed.
func TestJobSuccessPolicy(t *testing.T) {
	manifest := jobYAML("quorum", "worker:v1", "Never", `  completionMode: Indexed
  completions: 5
  parallelism: 2
  successPolicy:
    rules:
    - succeededIndexes: "3-4"
    - succeededCount: 2
`)
	c := policyCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "quorum"), "Complete=True") }, 5*time.Minute) {
		t.Fatalf("the Job did not complete: %s", jobStatus(c, "quorum"))
	}
	job := c.Object("batch", "Job", "demo", "quorum")
	st := jobStatus(c, "quorum")
	if !strings.Contains(st, "succeeded=2 ") || !strings.Contains(st, "failed=<nil>") ||
		!strings.HasSuffix(st, "SuccessCriteriaMet=True/SuccessPolicy,Complete=True/SuccessPolicy") {
		t.Errorf("status %s", st)
	}
	if msg := job.GetString(".status.conditions[type=Complete].message"); msg != "Matched rules at index 1" {
		t.Errorf("Complete message %q", msg)
	}
	if got := job.GetString(".status.completedIndexes"); got != "0-1" {
		t.Errorf("completedIndexes %q, want 0-1", got)
	}
}

// A Job whose spec.managedBy names another controller is left to it: the
// Job controller creates no Pod and writes no status, as
// kube-controller-manager v1.37 does; managedBy kubernetes.io/job-controller
// is its own.
func TestJobManagedByAnotherController(t *testing.T) {
	manifest := jobYAML("queued", "worker:v1", "Never", "  managedBy: example.com/queue\n") +
		"---\n" + jobYAML("ours", "worker:v1", "Never", "  managedBy: kubernetes.io/job-controller\n")
	c := policyCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return strings.Contains(jobStatus(c, "ours"), "Complete=True") }, 2*time.Minute) {
		t.Fatalf("the Job managed by the Job controller did not complete: %s", jobStatus(c, "ours"))
	}
	if n := len(list(t, c, "", "Pod", "demo", "job-name=queued")); n != 0 {
		t.Errorf("%d Pods for the Job another controller manages", n)
	}
	if st := c.Object("batch", "Job", "demo", "queued").Status(); len(st) != 0 {
		t.Errorf("its status was written: %v", st)
	}
}
