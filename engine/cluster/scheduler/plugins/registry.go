package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// Handle is what plugins may ask of the scheduler running them
// (framework.Handle): the nodes of the current snapshot, in the order the
// scheduler evaluates them, and the framework, for preemption's dry runs.
type Handle interface {
	NodeInfos() []*framework.NodeInfo
	Framework() *framework.Framework
}

// DefaultProfile returns the default profile's plugins that the model runs,
// in the order of getDefaultPlugins (pkg/scheduler/apis/config/v1/
// default_plugins.go) — which is the order the Filter plugins run in — with
// its score weights: TaintToleration 3, NodeAffinity 2, NodeResourcesFit 1,
// NodeResourcesBalancedAllocation 1, ImageLocality 1.
func DefaultProfile(h Handle) []framework.PluginEntry {
	return []framework.PluginEntry{
		{Plugin: &SchedulingGatesPlugin{}},
		{Plugin: &PrioritySortPlugin{}},
		{Plugin: &NodeNamePlugin{}},
		{Plugin: &NodeUnschedulablePlugin{}},
		{Plugin: &TaintTolerationPlugin{}, Weight: 3},
		{Plugin: &NodeAffinityPlugin{}, Weight: 2},
		{Plugin: &NodePortsPlugin{}},
		{Plugin: &FitPlugin{}, Weight: 1},
		{Plugin: volumeBinding(h)},
		{Plugin: &DefaultPreemptionPlugin{Handle: h}},
		{Plugin: &BalancedAllocationPlugin{}, Weight: 1},
		{Plugin: &ImageLocalityPlugin{Handle: h}, Weight: 1},
	}
}

// volumeBinding is the VolumeBinding plugin, reading the handle's
// volumes when it has them.
func volumeBinding(h Handle) *VolumeBindingPlugin {
	vb := &VolumeBindingPlugin{}
	if vh, ok := h.(interface{ Volumes() Volumes }); ok {
		vb.Volumes = vh.Volumes()
	}
	return vb
}
