package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/cronjob"
	"github.com/loopbook/loopbook/engine/cluster/controller/job"
	"github.com/loopbook/loopbook/engine/cluster/controller/ttlafterfinished"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// wantsKind reports whether an object of group and kind is among objs: a
// Job turns the Job controller on, a CronJob the CronJob controller and
// the Job controller its Jobs need, a DaemonSet the DaemonSet controller.
func wantsKind(objs []*object.Object, group, kind string) bool {
	for _, o := range objs {
		if o.Kind == kind && o.Group() == group {
			return true
		}
	}
	return false
}

// buildEarlyJobs creates the identities of the Job and TTL-after-finished
// controllers, and of the CronJob controller, when the fixture's objects
// or the run's manifests hold a Job or a CronJob: each one's
// ServiceAccount in kube-system, and
// the ClusterRole system:controller:NAME bound to it, with the rules
// kube-apiserver v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
func (c *Cluster) buildEarlyJobs() error {
	wants := func(kind string) bool {
		return wantsKind(c.cfg.Objects, "batch", kind) || wantsKind(c.cfg.Manifests, "batch", kind)
	}
	if !wants("Job") && !wants("CronJob") {
		return nil
	}
	c.ext.jobs = true
	if wants("CronJob") {
		c.ext.cronJobs = true
		if err := c.controllerRole(cronjob.Name, auth.ControllerRolePrefix+cronjob.Name, []any{
			rule([]string{"batch"}, []string{"cronjobs"}, "get", "list", "watch", "update"),
			rule([]string{"batch"}, []string{"jobs"}, "get", "list", "watch", "create", "update", "delete", "patch"),
			rule([]string{"batch"}, []string{"cronjobs/status"}, "update"),
			rule([]string{"batch"}, []string{"cronjobs/finalizers"}, "update"),
			rule([]string{""}, []string{"pods"}, "list", "watch", "delete"),
			eventsRule(),
		}); err != nil {
			return err
		}
	}
	if err := c.controllerRole(job.Name, auth.ControllerRolePrefix+job.Name, []any{
		rule([]string{"batch"}, []string{"jobs"}, "get", "list", "watch", "update", "patch"),
		rule([]string{"batch"}, []string{"jobs/status"}, "update"),
		rule([]string{"batch"}, []string{"jobs/finalizers"}, "update"),
		rule([]string{""}, []string{"pods"}, "list", "watch", "create", "delete", "patch"),
		eventsRule(),
	}); err != nil {
		return err
	}
	return c.controllerRole(ttlafterfinished.Name, auth.ControllerRolePrefix+ttlafterfinished.Name, []any{
		rule([]string{"batch"}, []string{"jobs"}, "get", "list", "watch", "delete"),
		eventsRule(),
	})
}
