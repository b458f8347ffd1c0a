package persistentvolume

import (
	"fmt"
	"regexp"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// syncVolume is syncVolume: a volume that names no claim, or a claim by
// name only, is Available; one whose claim is gone is Released and
// reclaimed; one whose claim has not taken it yet has the claim looked
// at; one whose claim took it is Bound; one whose claim took another
// volume is let go.
func (c *Controller) syncVolume(v *object.Object) error {
	ref := object.AsMap(v.Spec()["claimRef"])
	if ref == nil || object.StringAt(ref, "uid") == "" {
		_, err := c.updateVolumePhase(v, "Available")
		return err
	}
	ns, name := object.StringAt(ref, "namespace"), object.StringAt(ref, "name")
	uid := object.StringAt(ref, "uid")
	pvc, found := c.claims.Lister().Get(ns, name)
	phase := object.StringAt(v.Status(), "phase")
	var err error
	if !found && phase != "Released" && phase != "Failed" {
		// The cache may not have the claim yet: ask the API server.
		if pvc, found, err = c.liveClaim(ns, name); err != nil {
			return err
		}
	}
	if found && pvc.Meta.UID != uid {
		// The claim may have been deleted and made again under its name.
		if pvc, found, err = c.liveClaim(ns, name); err != nil {
			return err
		}
		found = found && pvc.Meta.UID == uid
	}
	switch {
	case !found:
		return c.release(v)
	case object.StringAt(pvc.Spec(), "volumeName") == "":
		if volume.Mode(pvc) != volume.Mode(v) {
			c.Recorder.Event(v, record.Warning, "VolumeMismatch", fmt.Sprintf("Cannot bind PersistentVolume to requested PersistentVolumeClaim %q due to incompatible volumeMode.", pvc.Meta.Name))
			c.Recorder.Event(pvc, record.Warning, "VolumeMismatch", fmt.Sprintf("Cannot bind PersistentVolume %q to requested PersistentVolumeClaim due to incompatible volumeMode.", v.Meta.Name))
			return nil
		}
		c.enqueueClaim(pvc)
		return nil
	case object.StringAt(pvc.Spec(), "volumeName") == v.Meta.Name:
		_, err := c.updateVolumePhase(v, "Bound")
		return err
	case v.Meta.Annotations[volume.AnnDynamicallyProvisioned] != "" && object.StringAt(v.Spec(), "persistentVolumeReclaimPolicy") == "Delete":
		return c.release(v)
	}
	return c.unbindVolume(v)
}

// liveClaim reads a claim from the API server: found is false when it
// does not exist.
func (c *Controller) liveClaim(ns, name string) (*object.Object, bool, error) {
	pvc, err := c.Client.Get(c.pvcK, ns, name)
	if api.IsReason(err, api.ReasonNotFound) {
		return nil, false, nil
	}
	return pvc, err == nil, err
}

// release is the claim-gone branch of syncVolume: phase Released (unless
// Released or Failed already), then reclaimVolume.
func (c *Controller) release(v *object.Object) error {
	if phase := object.StringAt(v.Status(), "phase"); phase != "Released" && phase != "Failed" {
		var err error
		if v, err = c.updateVolumePhase(v, "Released"); err != nil {
			return err
		}
	}
	return c.reclaimVolume(v)
}

// unbindVolume is unbindVolume: a volume the controller bound forgets
// the claim; one pre-bound by its author keeps the claim's name but not
// its UID. Either is Available again.
func (c *Controller) unbindVolume(v *object.Object) error {
	clone := v.DeepCopy()
	if _, ok := v.Meta.Annotations[volume.AnnBoundByController]; ok {
		delete(clone.Spec(), "claimRef")
		delete(clone.Meta.Annotations, volume.AnnBoundByController)
		if len(clone.Meta.Annotations) == 0 {
			clone.Meta.Annotations = nil
		}
	} else {
		object.AsMap(clone.Spec()["claimRef"])["uid"] = ""
	}
	updated, err := c.Client.Update(c.pvK, clone, api.WriteOptions{})
	if err != nil {
		return err
	}
	_, err = c.updateVolumePhase(updated, "Available")
	return err
}

// hostPathDeletable is the paths the hostPath deleter removes
// (pkg/volume/hostpath/host_path.go, hostPathDeleter.Delete).
var hostPathDeletable = regexp.MustCompile("/tmp/.+")

// reclaimVolume is reclaimVolume: Retain keeps a Released volume for its
// administrator; Delete deletes it where a deleter can, leaves a volume
// an external provisioner made, or a CSI volume, to it, and fails
// otherwise; Recycle, deprecated, is not modelled and fails likewise.
func (c *Controller) reclaimVolume(v *object.Object) error {
	switch object.StringAt(v.Spec(), "persistentVolumeReclaimPolicy") {
	case "Retain":
		return nil
	case "Delete", "Recycle":
	default:
		return c.volumeFailed(v, "VolumeUnknownReclaimPolicy", "Volume has unrecognized PersistentVolumeReclaimPolicy")
	}
	if v.Meta.Annotations[volume.AnnDynamicallyProvisioned] != "" || v.Spec()["csi"] != nil {
		return nil // findDeletablePlugin: the external provisioner deletes it
	}
	path := object.StringAt(v.Spec(), "hostPath", "path")
	switch {
	case v.Spec()["hostPath"] == nil:
		return c.volumeFailed(v, "VolumeFailedDelete", fmt.Sprintf("error getting deleter volume plugin for volume %q: no deletable volume plugin matched", v.Meta.Name))
	case !hostPathDeletable.MatchString(path):
		return c.volumeFailed(v, "VolumeFailedDelete", "host_path deleter only supports /tmp/.+ but received provided "+path)
	}
	_, err := c.Client.Delete(c.pvK, "", v.Meta.Name, api.DeleteOptions{})
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}

// volumeFailed is updateVolumePhaseWithEvent to phase Failed: the
// message on the volume's status, and a Warning when the phase changes.
func (c *Controller) volumeFailed(v *object.Object, reason, message string) error {
	if object.StringAt(v.Status(), "phase") == "Failed" {
		return nil
	}
	clone := v.DeepCopy()
	st := clone.EnsureMap("status")
	st["phase"], st["message"] = "Failed", message
	if _, err := c.Client.UpdateStatus(c.pvK, clone, api.WriteOptions{}); err != nil {
		return err
	}
	c.Recorder.Event(v, record.Warning, reason, message)
	return nil
}
