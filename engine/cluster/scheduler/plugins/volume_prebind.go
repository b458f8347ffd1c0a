package plugins

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// errBindTimeout is what BindPodVolumes' poll ends with when BindTimeout
// runs out (wait.PollUntilContextTimeout's context.DeadlineExceeded).
var errBindTimeout = errors.New("context deadline exceeded")

// PreBind is the plugin's PreBind and BindPodVolumes: with every claim
// already bound it answers at once; otherwise it writes each chosen
// volume's claimRef, then each claim to provision with
// volume.kubernetes.io/selected-node set to node (bindAPIUpdate), and
// checks every second until the PV controller has bound them all
// (checkBindings), failing with "binding volumes: …" on a write error, a
// provisioning the provisioner gave up (the annotation removed), the Pod
// gone, or BindTimeout.
func (v *VolumeBindingPlugin) PreBind(state *framework.CycleState, p *framework.PodInfo, node string, done func(*framework.Status)) {
	raw, ok := state.Read(volumeStateKey)
	if !ok || len(raw.(*volumeState).waiting) == 0 {
		done(nil)
		return
	}
	pv, ok := raw.(*volumeState).byNode[node]
	if !ok {
		done(framework.AsStatus(fmt.Errorf("no pod volumes found for node %q", node)))
		return
	}
	b := &volumeBind{v: v, pod: p, node: node, done: done}
	for _, s := range pv.static {
		b.static = append(b.static, binding{pv: withClaimRef(s.pv, s.pvc), pvc: s.pvc})
	}
	for _, c := range pv.provision {
		c = c.DeepCopy()
		c.Meta.SetAnnotation(volume.AnnSelectedNode, node)
		b.provision = append(b.provision, c)
	}
	b.write(0)
}

// withClaimRef is the volume AssumePodVolumes binds (binder.go): as
// volume.BindVolumeToClaim leaves it, written whether or not that changed
// it.
func withClaimRef(pv, pvc *object.Object) *object.Object {
	pv, _ = volume.BindVolumeToClaim(pv, pvc)
	return pv
}

// volumeBind is one Pod's BindPodVolumes in progress.
type volumeBind struct {
	v         *VolumeBindingPlugin
	pod       *framework.PodInfo
	node      string
	static    []binding
	provision []*object.Object
	done      func(*framework.Status)
	deadline  bool
	stop      func()
}

// write makes the i-th API update (volumes first, then claims), keeping
// the stored object to compare versions with later, then starts polling.
func (b *volumeBind) write(i int) {
	switch {
	case i < len(b.static):
		b.v.Volumes.UpdateVolume(b.static[i].pv, func(o *object.Object, err error) {
			if err != nil {
				b.fail(err)
				return
			}
			b.static[i].pv = o
			b.write(i + 1)
		})
	case i < len(b.static)+len(b.provision):
		j := i - len(b.static)
		b.v.Volumes.UpdateClaim(b.provision[j], func(o *object.Object, err error) {
			if err != nil {
				b.fail(err)
				return
			}
			b.provision[j] = o
			b.write(i + 1)
		})
	default:
		timeout := b.v.BindTimeout
		if timeout <= 0 {
			timeout = DefaultBindTimeout
		}
		b.stop = b.v.Volumes.After(timeout, func() { b.deadline = true })
		b.v.Volumes.After(bindPollInterval, b.poll)
	}
}

// poll is one checkBindings, then the next in a second.
func (b *volumeBind) poll() {
	ok, err := b.check()
	switch {
	case err != nil:
		b.stop()
		b.fail(err)
	case ok:
		b.stop()
		b.done(nil)
	case b.deadline:
		b.fail(errBindTimeout)
	default:
		b.v.Volumes.After(bindPollInterval, b.poll)
	}
}

// fail ends PreBind with err, as BindPodVolumes wraps a failed wait.
func (b *volumeBind) fail(err error) {
	b.done(framework.AsStatus(fmt.Errorf("binding volumes: %w", err)))
}

// check is binder.go's checkBindings on the informers' objects.
func (b *volumeBind) check() (bool, error) {
	if b.v.Volumes.PodUID(b.pod.Namespace, b.pod.Name) != b.pod.UID {
		return false, fmt.Errorf("pod does not exist any more: pods %q not found", b.pod.Name)
	}
	for _, s := range b.static {
		pv, ok := b.v.Volumes.Volume(s.pv.Meta.Name)
		if !ok || older(pv, s.pv) {
			return false, nil
		}
		if pv.GetString(".spec.claimRef.uid") == "" {
			return false, fmt.Errorf("ClaimRef got reset for pv %q", pv.Meta.Name)
		}
		pvc, ok := b.v.Volumes.Claim(s.pvc.Meta.Namespace, s.pvc.Meta.Name)
		if !ok || !fullyBound(pvc) {
			return false, nil
		}
	}
	for _, c := range b.provision {
		pvc, ok := b.v.Volumes.Claim(c.Meta.Namespace, c.Meta.Name)
		if !ok || older(pvc, c) {
			return false, nil
		}
		if pvc.Meta.Annotations[volume.AnnSelectedNode] != b.node {
			return false, fmt.Errorf("provisioning failed for PVC %q", pvc.Meta.Name)
		}
		if !fullyBound(pvc) {
			return false, nil
		}
	}
	return true, nil
}

// older reports whether the informer's copy predates what was written
// (etcd3.APIObjectVersioner.CompareResourceVersion).
func older(seen, written *object.Object) bool {
	a, _ := strconv.ParseUint(seen.Meta.ResourceVersion, 10, 64)
	w, _ := strconv.ParseUint(written.Meta.ResourceVersion, 10, 64)
	return a < w
}
