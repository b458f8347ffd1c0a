package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/resourcequota"
)

// buildEarlyQuotas creates the identity of the resource quota controller
// when the fixture's objects or the run's manifests hold a ResourceQuota:
// its ServiceAccount kube-system/resourcequota-controller and the
// ClusterRole system:controller:resourcequota-controller bound to it,
// with the rules kube-apiserver v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
// The ResourceQuota admission plugin runs in every cluster.
func (c *Cluster) buildEarlyQuotas() error {
	if !wantsKind(c.cfg.Objects, "", "ResourceQuota") && !wantsKind(c.cfg.Manifests, "", "ResourceQuota") {
		return nil
	}
	c.ext.quotas = true
	return c.controllerRole(resourcequota.Name, auth.ControllerRolePrefix+resourcequota.Name, []any{
		rule([]string{"*"}, []string{"*"}, "list", "watch"),
		rule([]string{""}, []string{"resourcequotas/status"}, "update"),
		eventsRule(),
	})
}
