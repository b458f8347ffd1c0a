package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/daemon"
)

// buildEarlyDaemonSets creates the identity of the DaemonSet controller
// when the fixture's objects or the run's manifests hold a DaemonSet: its
// ServiceAccount kube-system/daemon-set-controller and the ClusterRole
// system:controller:daemon-set-controller bound to it, with the rules
// kube-apiserver v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
func (c *Cluster) buildEarlyDaemonSets() error {
	if !wantsKind(c.cfg.Objects, "apps", "DaemonSet") && !wantsKind(c.cfg.Manifests, "apps", "DaemonSet") {
		return nil
	}
	c.ext.daemonSets = true
	return c.controllerRole(daemon.ServiceAccount, auth.ControllerRolePrefix+daemon.ServiceAccount, []any{
		rule([]string{"extensions", "apps"}, []string{"daemonsets"}, "get", "list", "watch"),
		rule([]string{"extensions", "apps"}, []string{"daemonsets/status"}, "update"),
		rule([]string{"extensions", "apps"}, []string{"daemonsets/finalizers"}, "update"),
		rule([]string{""}, []string{"nodes"}, "list", "watch"),
		rule([]string{""}, []string{"pods"}, "list", "watch", "create", "delete", "patch"),
		rule([]string{""}, []string{"pods/binding"}, "create"),
		rule([]string{"apps"}, []string{"controllerrevisions"}, "get", "list", "watch", "create", "delete", "update", "patch"),
		eventsRule(),
	})
}
