package persistentvolume

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// syncClaim is syncClaim: a claim the controller has not finished
// binding (no pv.kubernetes.io/bind-completed) is bound; a bound one is
// checked.
func (c *Controller) syncClaim(pvc *object.Object) error {
	if _, ok := pvc.Meta.Annotations[volume.AnnBindCompleted]; !ok {
		return c.syncUnboundClaim(pvc)
	}
	return c.syncBoundClaim(pvc)
}

// syncUnboundClaim is syncUnboundClaim.
func (c *Controller) syncUnboundClaim(pvc *object.Object) error {
	name := object.StringAt(pvc.Spec(), "volumeName")
	if name == "" {
		delayBinding := c.isDelayBinding(pvc)
		if v := findBestMatch(pvc, c.volumes.Lister().List(object.LabelSelector{}), delayBinding); v != nil {
			return c.bind(v, pvc)
		}
		_, selected := pvc.Meta.Annotations[volume.AnnSelectedNode]
		switch {
		case delayBinding && !selected:
			c.emitEventForUnboundDelayBindingClaim(pvc)
		case object.StorageClassOf(pvc) != "":
			c.provisionClaim(pvc)
			return nil
		default:
			c.Recorder.Event(pvc, record.Normal, "FailedBinding", "no persistent volumes available for this claim and no storage class is set")
		}
		_, err := c.updateClaimStatus(pvc, "Pending", nil)
		return err
	}
	v, ok := c.volumes.Lister().Get("", name)
	switch {
	case !ok:
		// The volume the claim names does not exist yet.
		_, err := c.updateClaimStatus(pvc, "Pending", nil)
		return err
	case !volume.HasClaimRef(v):
		if err := checkVolumeSatisfyClaim(v, pvc); err != nil {
			c.Recorder.Event(pvc, record.Warning, "VolumeMismatch", fmt.Sprintf("Cannot bind to requested volume %q: %s", name, err))
			_, err := c.updateClaimStatus(pvc, "Pending", nil)
			return err
		}
		return c.bind(v, pvc)
	case volume.IsBoundToClaim(v, pvc):
		return c.bind(v, pvc)
	}
	c.Recorder.Event(pvc, record.Warning, "FailedBinding", fmt.Sprintf("volume %q already bound to a different claim.", name))
	if _, ok := pvc.Meta.Annotations[volume.AnnBoundByController]; ok {
		ref := object.AsMap(v.Spec()["claimRef"])
		return fmt.Errorf("invalid binding of claim %q to volume %q: volume already claimed by %q", pvc.Key(), name,
			object.StringAt(ref, "namespace")+"/"+object.StringAt(ref, "name"))
	}
	_, err := c.updateClaimStatus(pvc, "Pending", nil)
	return err
}

// syncBoundClaim is syncBoundClaim: a bound claim whose volume is gone or
// taken is Lost; otherwise the binding is completed where it is not.
func (c *Controller) syncBoundClaim(pvc *object.Object) error {
	name := object.StringAt(pvc.Spec(), "volumeName")
	if name == "" {
		return c.claimLost(pvc, "ClaimLost", "Bound claim has lost reference to PersistentVolume. Data on the volume is lost!")
	}
	v, ok := c.volumes.Lister().Get("", name)
	if !ok {
		return c.claimLost(pvc, "ClaimLost", "Bound claim has lost its PersistentVolume. Data on the volume is lost!")
	}
	ref := object.AsMap(v.Spec()["claimRef"])
	if ref == nil || ref["uid"] == pvc.Meta.UID {
		return c.bind(v, pvc)
	}
	return c.claimLost(pvc, "ClaimMisbound", "Two claims are bound to the same volume, this one is bound incorrectly")
}

// claimLost is updateClaimStatusWithEvent to phase Lost: the Warning is
// recorded only when the phase changes.
func (c *Controller) claimLost(pvc *object.Object, reason, message string) error {
	if object.StringAt(pvc.Status(), "phase") == "Lost" {
		return nil
	}
	if _, err := c.updateClaimStatus(pvc, "Lost", nil); err != nil {
		return err
	}
	c.Recorder.Event(pvc, record.Warning, reason, message)
	return nil
}

// isDelayBinding is IsDelayBindingMode: the claim's StorageClass binds
// WaitForFirstConsumer. A claim without a class, or whose class does not
// exist, binds at once.
func (c *Controller) isDelayBinding(pvc *object.Object) bool {
	class := object.StorageClassOf(pvc)
	if class == "" {
		return false
	}
	sc, ok := c.classes.Lister().Get("", class)
	return ok && volume.WaitsForFirstConsumer(sc)
}

// emitEventForUnboundDelayBindingClaim is emitEventForUnboundDelayBindingClaim:
// WaitForFirstConsumer, or WaitForPodScheduled naming the Pods that use
// the claim and are not scheduled yet.
func (c *Controller) emitEventForUnboundDelayBindingClaim(pvc *object.Object) {
	var waiting []string
	for _, p := range c.pods.Lister().ListNamespace(pvc.Meta.Namespace, object.LabelSelector{}) {
		if object.StringAt(p.Spec(), "nodeName") == "" && slices.Contains(object.PodClaimNames(p), pvc.Meta.Name) {
			waiting = append(waiting, p.Meta.Name)
		}
	}
	switch len(waiting) {
	case 0:
		c.Recorder.Event(pvc, record.Normal, "WaitForFirstConsumer", "waiting for first consumer to be created before binding")
	case 1:
		c.Recorder.Event(pvc, record.Normal, "WaitForPodScheduled", fmt.Sprintf("waiting for pod %s to be scheduled", waiting[0]))
	default:
		c.Recorder.Event(pvc, record.Normal, "WaitForPodScheduled", fmt.Sprintf("waiting for pods %s to be scheduled", strings.Join(waiting, ",")))
	}
}

// provisionClaim is provisionClaim with findProvisionablePlugin and
// provisionClaimOperationExternal: no in-tree plugin provisions, so a
// class whose provisioner is outside kubernetes.io/ is left to its
// external provisioner, named on the claim in the storage-provisioner
// annotations it waits for.
func (c *Controller) provisionClaim(pvc *object.Object) {
	class := object.StorageClassOf(pvc)
	sc, ok := c.classes.Lister().Get("", class)
	if !ok {
		c.Recorder.Event(pvc, record.Warning, "ProvisioningFailed", fmt.Sprintf("storageclass.storage.k8s.io %q not found", class))
		return
	}
	provisioner := object.StringAt(sc.Content, "provisioner")
	if strings.HasPrefix(provisioner, "kubernetes.io/") {
		c.Recorder.Event(pvc, record.Warning, "ProvisioningFailed", "no volume plugin matched name: "+provisioner)
		return
	}
	if pvc.Meta.Annotations[volume.AnnStorageProvisioner] != provisioner {
		clone := pvc.DeepCopy()
		clone.Meta.SetAnnotation(volume.AnnBetaStorageProvisioner, provisioner)
		clone.Meta.SetAnnotation(volume.AnnStorageProvisioner, provisioner)
		updated, err := c.Client.Update(c.pvcK, clone, api.WriteOptions{})
		if err != nil {
			c.Recorder.Event(pvc, record.Warning, "ProvisioningFailed", fmt.Sprintf("Error saving claim: %v", err))
			return
		}
		pvc = updated
	}
	c.Recorder.Event(pvc, record.Normal, "ExternalProvisioning", fmt.Sprintf("Waiting for a volume to be created either by the external provisioner '%s' "+
		"or manually by the system administrator. If volume creation is delayed, please verify that "+
		"the provisioner is running and correctly registered.", provisioner))
}

// checkVolumeSatisfyClaim is checkVolumeSatisfyClaim: why a volume a
// claim names cannot serve it, or nil.
func checkVolumeSatisfyClaim(v, pvc *object.Object) error {
	switch {
	case v.Meta.DeletionTimestamp != nil:
		return fmt.Errorf("the volume is marked for deletion %q", v.Meta.Name)
	case volume.Storage(v.Spec(), "capacity", "storage").Value() < volume.Storage(pvc.Spec(), "resources", "requests", "storage").Value():
		return errors.New("requested PV is too small")
	case object.StorageClassOf(v) != object.StorageClassOf(pvc):
		return errors.New("storageClassName does not match")
	case object.StringAt(v.Spec(), "volumeAttributesClassName") != object.StringAt(pvc.Spec(), "volumeAttributesClassName"):
		return errors.New("volumeAttributesClassName does not match")
	case volume.Mode(v) != volume.Mode(pvc):
		return errors.New("incompatible volumeMode")
	case !volume.ContainsAllAccessModes(volume.AccessModes(v), volume.AccessModes(pvc)):
		return errors.New("incompatible accessMode")
	}
	return nil
}

// bind is bind: the volume's claimRef, its phase Bound, the claim's
// volumeName and annotations, then its status, each written only where
// it is not so yet.
func (c *Controller) bind(v, pvc *object.Object) error {
	v, err := c.bindVolumeToClaim(v, pvc)
	if err != nil {
		return err
	}
	if v, err = c.updateVolumePhase(v, "Bound"); err != nil {
		return err
	}
	if pvc, err = c.bindClaimToVolume(pvc, v); err != nil {
		return err
	}
	_, err = c.updateClaimStatus(pvc, "Bound", v)
	return err
}

// bindVolumeToClaim is bindVolumeToClaim: the volume as
// volume.BindVolumeToClaim leaves it, written if that changed it.
func (c *Controller) bindVolumeToClaim(v, pvc *object.Object) (*object.Object, error) {
	clone, dirty := volume.BindVolumeToClaim(v, pvc)
	if !dirty {
		return v, nil
	}
	return c.Client.Update(c.pvK, clone, api.WriteOptions{})
}

// bindClaimToVolume is bindClaimToVolume: spec.volumeName, with
// bound-by-controller when the controller chose the volume, and
// bind-completed.
func (c *Controller) bindClaimToVolume(pvc, v *object.Object) (*object.Object, error) {
	clone := pvc.DeepCopy()
	dirty := false
	if object.StringAt(pvc.Spec(), "volumeName") != v.Meta.Name {
		clone.EnsureMap("spec")["volumeName"] = v.Meta.Name
		if _, ok := clone.Meta.Annotations[volume.AnnBoundByController]; !ok {
			clone.Meta.SetAnnotation(volume.AnnBoundByController, "yes")
		}
		dirty = true
	}
	if _, ok := clone.Meta.Annotations[volume.AnnBindCompleted]; !ok {
		clone.Meta.SetAnnotation(volume.AnnBindCompleted, "yes")
		dirty = true
	}
	if !dirty {
		return pvc, nil
	}
	return c.Client.Update(c.pvcK, clone, api.WriteOptions{})
}

// updateClaimStatus is updateClaimStatus: the phase, and the access
// modes and capacity of the volume (cleared without one), written only
// when something changes.
func (c *Controller) updateClaimStatus(pvc *object.Object, phase string, v *object.Object) (*object.Object, error) {
	clone := pvc.DeepCopy()
	st := clone.EnsureMap("status")
	dirty := false
	if st["phase"] != phase {
		st["phase"] = phase
		dirty = true
	}
	if v == nil {
		for _, k := range []string{"accessModes", "capacity", "currentVolumeAttributesClassName"} {
			if _, ok := st[k]; ok {
				delete(st, k)
				dirty = true
			}
		}
	} else {
		if modes := v.Spec()["accessModes"]; !object.EqualValues(st["accessModes"], modes) {
			st["accessModes"] = object.DeepCopyValue(modes)
			dirty = true
		}
		if object.StringAt(pvc.Status(), "phase") != phase {
			want := volume.Storage(v.Spec(), "capacity", "storage")
			if _, ok := object.AsMap(st["capacity"])["storage"]; !ok || volume.Storage(st, "capacity", "storage").Cmp(want) != 0 {
				st["capacity"] = object.DeepCopyValue(v.Spec()["capacity"])
				dirty = true
			}
			if vac := object.StringAt(v.Spec(), "volumeAttributesClassName"); object.StringAt(pvc.Status(), "phase") == "Pending" && phase == "Bound" && vac != object.StringAt(st, "currentVolumeAttributesClassName") {
				st["currentVolumeAttributesClassName"] = vac
				dirty = true
			}
		}
	}
	if !dirty {
		return pvc, nil
	}
	return c.Client.UpdateStatus(c.pvcK, clone, api.WriteOptions{})
}

// updateVolumePhase is updateVolumePhase: the phase, written only when
// it changes (the API server stamps lastPhaseTransitionTime).
func (c *Controller) updateVolumePhase(v *object.Object, phase string) (*object.Object, error) {
	if object.StringAt(v.Status(), "phase") == phase {
		return v, nil
	}
	clone := v.DeepCopy()
	st := clone.EnsureMap("status")
	st["phase"] = phase
	delete(st, "message")
	return c.Client.UpdateStatus(c.pvK, clone, api.WriteOptions{})
}
