package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/persistentvolume"
	"github.com/loopbook/loopbook/engine/cluster/controller/pvcprotection"
	"github.com/loopbook/loopbook/engine/cluster/controller/pvprotection"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// wantsVolumes reports whether objs hold storage: a PersistentVolume, a
// PersistentVolumeClaim, a StorageClass, or a StatefulSet with
// volumeClaimTemplates.
func wantsVolumes(objs []*object.Object) bool {
	for _, o := range objs {
		switch g := o.Group(); {
		case g == "" && (o.Kind == "PersistentVolume" || o.Kind == "PersistentVolumeClaim"),
			g == "storage.k8s.io" && o.Kind == "StorageClass",
			g == "apps" && o.Kind == "StatefulSet" && len(object.ListAt(o.Spec(), "volumeClaimTemplates")) > 0:
			return true
		}
	}
	return false
}

// buildEarlyVolumes creates the identities of kube-controller-manager's
// volume controllers when the fixture's objects or the run's manifests
// hold storage: the ServiceAccount of the PV controller
// ("persistent-volume-binder", whose ClusterRole bootstrap created), and
// those of the PVC and PV protection controllers with the ClusterRoles
// system:controller:NAME bound to them, with the rules kube-apiserver
// v1.37 bootstraps
// (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
func (c *Cluster) buildEarlyVolumes() error {
	if !wantsVolumes(c.cfg.Objects) && !wantsVolumes(c.cfg.Manifests) {
		return nil
	}
	c.ext.volumes = true
	if err := c.controllerServiceAccount(persistentvolume.Name); err != nil {
		return err
	}
	if err := c.controllerRole(pvcprotection.Name, auth.ControllerRolePrefix+pvcprotection.Name, []any{
		rule([]string{""}, []string{"persistentvolumeclaims"}, "get", "list", "watch", "update"),
		rule([]string{""}, []string{"persistentvolumeclaims/status"}, "update"),
		rule([]string{""}, []string{"pods"}, "list", "watch", "get"),
		eventsRule(),
	}); err != nil {
		return err
	}
	return c.controllerRole(pvprotection.Name, auth.ControllerRolePrefix+pvprotection.Name, []any{
		rule([]string{""}, []string{"persistentvolumes"}, "get", "list", "watch", "update"),
		eventsRule(),
	})
}
