package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// VolumeBindingPlugin is the place PersistentVolumeClaims will be checked:
// Kubernetes' VolumeBinding finds or provisions a volume for each unbound
// claim, waits for WaitForFirstConsumer claims, and binds them in PreBind.
// The model does not yet hand the scheduler claims or StorageClasses, so a
// Pod without claims is skipped (as in Kubernetes) and a Pod with claims
// passes; Claims, when set, decides instead.
type VolumeBindingPlugin struct {
	// Claims, when set, checks a Pod's claims on a node and returns nil or
	// a rejection. It is the hook a PVC and StorageClass informer fills.
	Claims func(p *framework.PodInfo, n *framework.NodeInfo) *framework.Status
}

// Name returns "VolumeBinding".
func (*VolumeBindingPlugin) Name() string { return VolumeBinding }

// PreFilter skips Pods without PersistentVolumeClaims.
func (v *VolumeBindingPlugin) PreFilter(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if len(p.PVCNames) == 0 || v.Claims == nil {
		return nil, framework.NewStatus(framework.Skip)
	}
	return nil, nil
}

// Filter asks the hook.
func (v *VolumeBindingPlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if v.Claims == nil {
		return nil
	}
	return v.Claims(p, n)
}

// EventsToRegister: claims and StorageClasses appearing or changing, and
// nodes added or relabelled (topology), as Kubernetes registers them.
func (*VolumeBindingPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.PersistentVolumeClaim, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.StorageClass, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel}},
	}
}
