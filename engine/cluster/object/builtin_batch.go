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
// (prepareJob) and are validated (validateJob) as kube-apiserver does, and
// the Job controller (controller/job) runs them. Simplification: CronJobs
// are stored and served like any other object, but no CronJob controller
// runs them, and their specs are neither defaulted nor validated beyond
// the metadata rules.
func batchKinds() []*KindInfo {
	return []*KindInfo{
		{Group: "batch", Version: "v1", Kind: "CronJob", Resource: "cronjobs", ShortNames: []string{"cj"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Schedule", "Timezone", "Suspend", "Active", "Last Schedule", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec},
		{Group: "batch", Version: "v1", Kind: "Job", Resource: "jobs", Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Status", "Completions", "Duration", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec,
			Default:      DefaultJob, Validate: validateJob, Schema: jobSchema, OrphanByDefault: true},
	}
}
