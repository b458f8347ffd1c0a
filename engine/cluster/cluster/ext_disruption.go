package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/disruption"
)

// buildEarlyDisruption creates the identity of the disruption controller
// when the fixture's objects or the run's manifests hold a
// PodDisruptionBudget: its ServiceAccount kube-system/disruption-controller
// and the ClusterRole system:controller:disruption-controller bound to
// it, with the rules kube-apiserver v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
// The eviction subresource reads budgets in every cluster.
func (c *Cluster) buildEarlyDisruption() error {
	if !wantsKind(c.cfg.Objects, "policy", "PodDisruptionBudget") && !wantsKind(c.cfg.Manifests, "policy", "PodDisruptionBudget") {
		return nil
	}
	c.ext.disruption = true
	return c.controllerRole(disruption.Name, auth.ControllerRolePrefix+disruption.Name, []any{
		rule([]string{"apps", "extensions"}, []string{"deployments"}, "get", "list", "watch"),
		rule([]string{"apps", "extensions"}, []string{"replicasets"}, "get", "list", "watch"),
		rule([]string{""}, []string{"replicationcontrollers"}, "get", "list", "watch"),
		rule([]string{"policy"}, []string{"poddisruptionbudgets"}, "get", "list", "watch"),
		rule([]string{"apps"}, []string{"statefulsets"}, "get", "list", "watch"),
		rule([]string{"policy"}, []string{"poddisruptionbudgets/status"}, "update"),
		rule([]string{""}, []string{"pods/status"}, "patch", "update"),
		rule([]string{"*"}, []string{"*/scale"}, "get"),
		eventsRule(),
	})
}
