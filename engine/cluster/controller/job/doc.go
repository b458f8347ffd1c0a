// Package job is kube-controller-manager's Job controller
// (pkg/controller/job/job_controller.go), "job-controller": it runs a
// Job's Pods to completion.
//
// A NonIndexed Job wants min(parallelism, completions − succeeded) Pods
// active (parallelism alone, until one succeeds, for a Job without
// completions). Missing Pods are created in slow-start batches, each
// with the template's labels, generateName "<job>-", the Job as its
// controller and the batch.kubernetes.io/job-tracking finalizer; surplus
// ones are deleted, not-ready and unscheduled first. A Pod counts as
// succeeded in phase Succeeded, as failed in phase Failed or, under the
// default podReplacementPolicy TerminatingOrFailed, once it is being
// deleted before it succeeded.
//
// Finished Pods are counted as job_controller.go's
// trackJobStatusAndRemoveFinalizers does: their UIDs go to
// .status.uncountedTerminatedPods with one update of jobs/status, their
// tracking finalizers are removed with a strategic merge patch, and a
// second update moves them to .status.succeeded or .status.failed.
// Status also carries active, ready, terminating and startTime.
//
// The Job finishes as Kubernetes v1.37 finishes it, in two steps: when
// succeeded reaches completions it gets SuccessCriteriaMet (reason
// CompletionsReached, "Reached expected number of succeeded pods"), then,
// once no Pod is left uncounted or terminating, Complete with
// completionTime and a "Completed" Event; when failures exceed
// backoffLimit (or, with restartPolicy OnFailure, the containers'
// restarts reach it), or activeDeadlineSeconds passes, its active Pods are
// deleted, it gets FailureTarget and then Failed (BackoffLimitExceeded "Job
// has reached the specified backoff limit", DeadlineExceeded "Job was
// active longer than specified deadline") and a Warning Event of that
// reason. After failures, new Pods wait 10 s, doubled per failure since
// the last success, at most 10 minutes (DefaultJobPodFailureBackOff,
// MaxJobPodFailureBackOff). A suspended Job deletes its active Pods and
// gets Suspended (JobSuspended, "Job suspended"); resumed, JobResumed.
//
// Pod events reach a Job after the one-second batch period
// (syncJobBatchPeriod); a Pod that still carries the tracking finalizer
// without a live Job controlling it has the finalizer removed, as the
// orphan worker does, so that it can go.
//
// An Indexed Job runs each index 0 … completions−1 to success once: its
// Pods, named "<job>-<index>-" with hostname "<job>-<index>", carry the
// index as the batch.kubernetes.io/job-completion-index annotation and
// label and as JOB_COMPLETION_INDEX in their containers' environment;
// missing Pods take the lowest pending indexes, a second Pod of an index
// is removed, and .status.completedIndexes lists the succeeded ones
// ("0-2,4").
//
// A podFailurePolicy (pod_failure_policy.go) judges each failed Pod by
// its first matching rule, on a terminated container's non-zero exit
// code (In or NotIn a list, of one named container or any) or on a Pod
// condition: FailJob fails the Job at once (FailureTarget then Failed,
// reason PodFailurePolicy, "Container C for pod NS/P failed with exit
// code N matching FailJob rule at index I"), Ignore leaves the failure
// out of the count that backoffLimit bounds, Count counts it as without
// a policy (FailIndex too: per-index limits are not modelled). With a
// policy only Pods in phase Failed count as failed (podReplacementPolicy
// Failed).
//
// A finished Job's ttlSecondsAfterFinished is the TTL-after-finished
// controller's (package ttlafterfinished).
//
// A Job whose spec.managedBy names another controller than
// kubernetes.io/job-controller is left to it: not synced, its Pods'
// finalizers not touched.
//
// An Indexed Job's successPolicy (success_policy.go) completes it as soon
// as a rule is met (all of the rule's succeededIndexes, or
// succeededCount of them or of all indexes): SuccessCriteriaMet then
// Complete, reason SuccessPolicy, "Matched rules at index N"; the Pods
// still running are stopped and not counted as failed.
//
// Simplifications, named: no backoffLimitPerIndex (so FailIndex counts
// like Count); no adoption of orphaned Pods by selector
// (manualSelector Jobs only count the Pods they created).
package job
