package object

// Job labels and defaults: k8s.io/api/batch/v1/types.go (the label and
// finalizer names), pkg/apis/batch/v1/defaults.go (SetDefaults_Job) and
// pkg/registry/batch/job/strategy.go (generateSelector).
const (
	// JobNameLabel and ControllerUIDLabel are batch.JobNameLabel and
	// batch.ControllerUidLabel; the legacy pair, without the prefix, is
	// still put on every Job's Pods.
	JobNameLabel             = "batch.kubernetes.io/job-name"
	ControllerUIDLabel       = "batch.kubernetes.io/controller-uid"
	LegacyJobNameLabel       = "job-name"
	LegacyControllerUIDLabel = "controller-uid"
	// JobTrackingFinalizer is batch.JobTrackingFinalizer: the Job
	// controller puts it on the Pods it creates and removes it once it has
	// counted them in the Job's status.
	JobTrackingFinalizer = "batch.kubernetes.io/job-tracking"
)

// DefaultJob is SetDefaults_Job: a Job with neither completions nor
// parallelism runs one Pod to one completion; parallelism 1, backoffLimit
// 6, completionMode NonIndexed, suspend and manualSelector false,
// podReplacementPolicy TerminatingOrFailed (Failed with a
// podFailurePolicy, whose condition patterns match status True unless
// they say otherwise); a Job without labels takes its template's. Its
// template gets the Pod defaults.
func DefaultJob(o *Object) {
	spec := o.EnsureMap("spec")
	_, hasCompletions := spec["completions"]
	if _, hasParallelism := spec["parallelism"]; !hasCompletions && !hasParallelism {
		spec["completions"] = int64(1)
	}
	setDefault(spec, "parallelism", int64(1))
	setDefault(spec, "backoffLimit", int64(6))
	setDefault(spec, "completionMode", "NonIndexed")
	setDefault(spec, "suspend", false)
	setDefault(spec, "manualSelector", false)
	if _, ok := spec["podFailurePolicy"]; ok {
		setDefault(spec, "podReplacementPolicy", "Failed")
	} else {
		setDefault(spec, "podReplacementPolicy", "TerminatingOrFailed")
	}
	defaultPodFailurePolicy(spec)
	defaultPodTemplate(spec)
	defaultJobLabels(o)
}

// defaultJobLabels gives a Job without labels its template's.
func defaultJobLabels(o *Object) {
	if len(o.Meta.Labels) > 0 {
		return
	}
	if labels := stringMap(mapAt(o.Spec(), "template", "metadata")["labels"]); len(labels) > 0 {
		o.Meta.Labels = labels
	}
}

// prepareJob is the Job strategy's PrepareForCreate with the object's uid
// set: unless spec.manualSelector is true, the template gets the job-name
// and controller-uid labels (both pairs) it does not have, and the
// selector matchLabels controller-uid; a Job without labels then takes
// the template's, as the stored Job, decoded with its defaults, does.
func prepareJob(o *Object) {
	spec := o.EnsureMap("spec")
	if manual, _ := spec["manualSelector"].(bool); manual {
		return
	}
	md := ensureMap(ensureMap(spec, "template"), "metadata")
	labels := ensureMap(md, "labels")
	for _, k := range []string{LegacyJobNameLabel, JobNameLabel} {
		setDefault(labels, k, o.Meta.Name)
	}
	for _, k := range []string{LegacyControllerUIDLabel, ControllerUIDLabel} {
		setDefault(labels, k, o.Meta.UID)
	}
	sel := ensureMap(spec, "selector")
	setDefault(ensureMap(sel, "matchLabels"), ControllerUIDLabel, o.Meta.UID)
	defaultJobLabels(o)
}

// DefaultCronJob is SetDefaults_CronJob: concurrencyPolicy Allow, suspend
// false, 3 successful and 1 failed Jobs kept; the job template's Pod
// template gets the Pod defaults (its Job spec is defaulted when a Job
// is made of it).
func DefaultCronJob(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "concurrencyPolicy", "Allow")
	setDefault(spec, "suspend", false)
	setDefault(spec, "successfulJobsHistoryLimit", int64(3))
	setDefault(spec, "failedJobsHistoryLimit", int64(1))
	jobSpec := ensureMap(ensureMap(spec, "jobTemplate"), "spec")
	defaultPodFailurePolicy(jobSpec)
	defaultPodTemplate(jobSpec)
}
