package object

// batchKinds are the kinds of batch/v1, registered so that discovery,
// `kubectl api-resources` and `kubectl api-versions` list them as
// kube-apiserver v1.37 does (pkg/registry/batch/job/storage/storage.go
// and pkg/registry/batch/cronjob/storage/storage.go: ShortNames "cj" for
// cronjobs, none for jobs, category "all", a status subresource).
// Printer columns are those of pkg/printers/internalversion/printers.go
// (jobColumnDefinitions, cronJobColumnDefinitions).
//
// Jobs are defaulted (DefaultJob), get their generated selector
// (prepareJob) and are validated (validateJob), and CronJobs are defaulted
// (DefaultCronJob) and validated (validateCronJob), as kube-apiserver does;
// the Job controller (controller/job) and the CronJob controller
// (controller/cronjob) run them.
func batchKinds() []*KindInfo {
	return []*KindInfo{
		{Group: "batch", Version: "v1", Kind: "CronJob", Resource: "cronjobs", ShortNames: []string{"cj"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Schedule", "Timezone", "Suspend", "Active", "Last Schedule", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec,
			Default:      DefaultCronJob, Validate: validateCronJob, Schema: cronJobSchema},
		{Group: "batch", Version: "v1", Kind: "Job", Resource: "jobs", Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Status", "Completions", "Duration", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec,
			Default:      DefaultJob, Validate: validateJob, Schema: jobSchema, OrphanByDefault: true},
	}
}
