package cluster

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/csi"
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// CSIDriverAnnotation on a StorageClass among the fixture's objects, set
// to "true", turns on the CSI driver its provisioner names: the
// provider behind it (actor "csi-driver/DRIVER", in the zones of the
// fixture's Nodes) and the external-provisioner (actor
// "csi-provisioner"); as any StorageClass does, it also turns on the
// volume controllers (ext_volumes.go).
const CSIDriverAnnotation = "csi.loopbook.dev/driver"

// csiDriver is the driver of the fixture's opted-in StorageClass, or "".
func csiDriver(objs []*object.Object) string {
	for _, o := range objs {
		if o.Kind == "StorageClass" && o.Meta.Annotations[CSIDriverAnnotation] == "true" {
			return o.GetString(".provisioner")
		}
	}
	return ""
}

// buildEarlyCSI creates the provisioner's identity: its ServiceAccount in
// kube-system and the ClusterRole external-provisioner-runner of the
// sidecar's deploy/kubernetes/rbac.yaml bound to it. Its StorageClass
// turns the volume controllers on (buildEarlyVolumes).
func (c *Cluster) buildEarlyCSI() error {
	driver := csiDriver(c.cfg.Objects)
	if driver == "" {
		return nil
	}
	name := string(csi.ProvisionerName)
	if err := c.controllerServiceAccount(name); err != nil {
		return err
	}
	if err := c.createAll(
		clusterRole("external-provisioner-runner", []any{
			rule([]string{""}, []string{"persistentvolumes"}, "get", "list", "watch", "create", "patch", "delete"),
			rule([]string{""}, []string{"persistentvolumeclaims"}, "get", "list", "watch", "update"),
			rule([]string{"storage.k8s.io"}, []string{"storageclasses"}, "get", "list", "watch"),
			rule([]string{""}, []string{"events"}, "list", "watch", "create", "update", "patch"),
			rule([]string{""}, []string{"nodes"}, "get", "list", "watch"),
		}),
		clusterRoleBinding("csi-provisioner-role", "external-provisioner-runner", name),
	); err != nil {
		return err
	}
	var zones []string
	for _, n := range c.cfg.Nodes {
		if z := n.Labels[csi.ZoneLabel]; z != "" && !slices.Contains(zones, z) {
			zones = append(zones, z)
		}
	}
	slices.Sort(zones)
	c.ext.storage = csi.NewProvider(c.env.Loop, c.env.Log, driver, zones)
	return nil
}

// buildCSI builds the external-provisioner actor.
func (c *Cluster) buildCSI() {
	if c.ext.storage == nil {
		return
	}
	c.add(csi.NewProvisioner(c.env, c.saTokens[string(csi.ProvisionerName)], c.ext.storage))
}

// StorageProvider is the storage provider the fixture turned on, or nil.
func (c *Cluster) StorageProvider() *csi.Provider { return c.ext.storage }

// CSINodePluginAnnotation on the opted-in StorageClass, set to "true",
// also runs the driver's node plugin on every Node (actor
// "csi-node/DRIVER/NODE"): kubelets then read the claim and volume of a
// Pod's persistentVolumeClaim volumes and call CSI.NodeStage and
// CSI.NodePublish before starting its containers.
const CSINodePluginAnnotation = "csi.loopbook.dev/node-plugin"

// csiNodePlugins are the node plugins of a Node's kubelet, or nil.
func (c *Cluster) csiNodePlugins(node string) map[string]kubelet.CSINodePlugin {
	if c.ext.storage == nil {
		return nil
	}
	for _, o := range c.cfg.Objects {
		if o.Kind == "StorageClass" && o.Meta.Annotations[CSIDriverAnnotation] == "true" && o.Meta.Annotations[CSINodePluginAnnotation] == "true" {
			d := o.GetString(".provisioner")
			return map[string]kubelet.CSINodePlugin{d: csi.NewNodePlugin(c.env.Loop, c.env.Log, d, node)}
		}
	}
	return nil
}
