package plugins

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// The plugin's names and timings (its annotations are in cluster/volume).
const (
	// NotSupportedProvisioner is the provisioner of classes that cannot
	// provision ("kubernetes.io/no-provisioner").
	NotSupportedProvisioner = "kubernetes.io/no-provisioner"
	// DefaultBindTimeout is VolumeBindingArgs.BindTimeoutSeconds' default,
	// 600 (pkg/scheduler/apis/config/v1/defaults.go).
	DefaultBindTimeout = 600 * time.Second
	// bindPollInterval is how often PreBind looks at the claims again
	// (volumebinding/binder.go, BindPodVolumes: wait.Poll(time.Second, …)).
	bindPollInterval = time.Second
)

// The reasons a node fails VolumeBinding's Filter, and its PreFilter's
// (pkg/scheduler/framework/plugins/volumebinding/binder.go and
// volume_binding.go).
const (
	ErrReasonBindConflict  = "node(s) didn't find available persistent volumes to bind"
	ErrReasonNodeConflict  = "node(s) had volume node affinity conflict"
	ErrReasonPVNotExist    = "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)"
	ErrReasonUnboundClaims = "pod has unbound immediate PersistentVolumeClaims"
)

// Volumes is what VolumeBinding reads and writes: the scheduler's claim,
// volume, class and Pod informers, its client and the loop. The
// scheduler implements it.
type Volumes interface {
	Claim(namespace, name string) (*object.Object, bool)
	Volume(name string) (*object.Object, bool)
	StorageClass(name string) (*object.Object, bool)
	// PersistentVolumes are every volume, sorted by name.
	PersistentVolumes() []*object.Object
	// PodUID is the UID of Pod namespace/name, "" when it is gone.
	PodUID(namespace, name string) string
	// UpdateClaim writes a claim and answers with the stored one.
	UpdateClaim(pvc *object.Object, done func(*object.Object, error))
	// UpdateVolume writes a volume and answers with the stored one.
	UpdateVolume(pv *object.Object, done func(*object.Object, error))
	// After runs f on the loop after d; stop cancels it.
	After(d time.Duration, f func()) (stop func())
}

// VolumeBindingPlugin is Kubernetes' VolumeBinding: PreFilter sorts a
// Pod's claims into bound, waiting for a consumer (WaitForFirstConsumer)
// and immediate, and rejects a Pod whose immediate claims are unbound;
// Filter checks bound volumes' node affinity and, for waiting claims,
// finds an available volume on the node or checks that the class can
// provision there (allowedTopologies); PreBind binds the chosen volumes
// (claimRef) or asks for provisioning (volume.kubernetes.io/selected-node
// on the claim), then waits until the PV controller has bound every
// claim, up to BindTimeout, before the Pod's binding is written.
//
// Simplifications, named: no assume cache (a second Pod of the same
// cycle sees the claims as the informers show them), no storage
// capacity (CSIStorageCapacity) and no Score.
type VolumeBindingPlugin struct {
	// Volumes, when nil, makes the plugin skip every Pod.
	Volumes Volumes
	// BindTimeout bounds PreBind's wait; default DefaultBindTimeout.
	BindTimeout time.Duration
}

// volumeState is what PreFilter and Filter leave for PreBind.
type volumeState struct {
	bound, waiting []*object.Object
	byNode         map[string]*podVolumes
}

// podVolumes is what a node needs: volumes to bind to claims, and
// claims to provision.
type podVolumes struct {
	static    []binding
	provision []*object.Object
}

// binding is a volume chosen for a claim.
type binding struct{ pv, pvc *object.Object }

const volumeStateKey framework.StateKey = VolumeBinding

// Name returns "VolumeBinding".
func (*VolumeBindingPlugin) Name() string { return VolumeBinding }

// PreFilter skips Pods without claims, rejects a Pod with a missing,
// lost or deleting claim with the claim's error, and one with an unbound
// claim that does not wait for a consumer with "pod has unbound
// immediate PersistentVolumeClaims" (both UnschedulableAndUnresolvable).
func (v *VolumeBindingPlugin) PreFilter(state *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if len(p.PVCNames) == 0 || v.Volumes == nil {
		return nil, framework.NewStatus(framework.Skip)
	}
	st := &volumeState{byNode: map[string]*podVolumes{}}
	immediate := 0
	for _, name := range p.PVCNames {
		pvc, ok := v.Volumes.Claim(p.Namespace, name)
		switch {
		case !ok:
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("persistentvolumeclaim %q not found", name))
		case pvc.GetString(".status.phase") == "Lost":
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable,
				fmt.Sprintf("persistentvolumeclaim %q bound to non-existent persistentvolume %q", name, pvc.GetString(".spec.volumeName")))
		case pvc.Meta.DeletionTimestamp != nil:
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("persistentvolumeclaim %q is being deleted", name))
		case fullyBound(pvc):
			st.bound = append(st.bound, pvc)
		case v.delayed(pvc) && pvc.GetString(".spec.volumeName") == "":
			st.waiting = append(st.waiting, pvc)
		default:
			immediate++
		}
	}
	if immediate > 0 {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnboundClaims)
	}
	state.Write(volumeStateKey, st)
	return nil, nil
}

// delayed is volume.IsDelayBindingMode: the claim's class exists and
// waits for the first consumer.
func (v *VolumeBindingPlugin) delayed(pvc *object.Object) bool {
	sc, ok := v.Volumes.StorageClass(pvc.GetString(".spec.storageClassName"))
	return ok && volume.WaitsForFirstConsumer(sc)
}

// fullyBound is isPVCFullyBound: a volume name and bind-completed.
func fullyBound(pvc *object.Object) bool {
	_, done := pvc.Meta.Annotations[volume.AnnBindCompleted]
	return pvc.GetString(".spec.volumeName") != "" && done
}

// Filter is FindPodVolumes on one node; its reasons come in Kubernetes'
// order (node affinity conflict, bind conflict, missing volume), each
// UnschedulableAndUnresolvable.
func (v *VolumeBindingPlugin) Filter(state *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	raw, ok := state.Read(volumeStateKey)
	if !ok {
		return nil
	}
	st := raw.(*volumeState)
	pv, reasons := v.findPodVolumes(st, n)
	if len(reasons) > 0 {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, reasons...)
	}
	st.byNode[n.Name] = pv
	return nil
}

// EventsToRegister: StorageClasses, claims and volumes added or updated,
// and nodes added or relabelled (topology), as Kubernetes registers them
// with the scheduling queue hints on.
func (*VolumeBindingPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.StorageClass, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.PersistentVolumeClaim, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.PersistentVolume, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel}},
	}
}
