package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/job"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// wantsJobs reports whether objs turn the Job controller on: a Job
// among them.
func wantsJobs(objs []*object.Object) bool {
	for _, o := range objs {
		if o.Kind == "Job" && o.Group() == "batch" {
			return true
		}
	}
	return false
}

// buildEarlyJobs creates the Job controller's identity when the fixture's
// objects or the run's manifests hold a Job: its ServiceAccount
// kube-system/job-controller, and the ClusterRole
// system:controller:job-controller bound to it, with the rules
// kube-apiserver v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
func (c *Cluster) buildEarlyJobs() error {
	if !wantsJobs(c.cfg.Objects) && !wantsJobs(c.cfg.Manifests) {
		return nil
	}
	c.ext.jobs = true
	return c.controllerRole(job.Name, auth.ControllerRolePrefix+job.Name, []any{
		rule([]string{"batch"}, []string{"jobs"}, "get", "list", "watch", "update", "patch"),
		rule([]string{"batch"}, []string{"jobs/status"}, "update"),
		rule([]string{"batch"}, []string{"jobs/finalizers"}, "update"),
		rule([]string{""}, []string{"pods"}, "list", "watch", "create", "delete", "patch"),
		rule([]string{"", "events.k8s.io"}, []string{"events"}, "create", "patch", "update"),
	})
}
