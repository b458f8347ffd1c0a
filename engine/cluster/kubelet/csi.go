package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// CSINodePlugin is a CSI driver's node plugin on the kubelet's node: the
// node-local gRPC service the kubelet's csi volume plugin calls
// (pkg/volume/csi: csi_attacher.go MountDevice calls NodeStageVolume,
// csi_mounter.go SetUp calls NodePublishVolume). Each call is one traced
// node-local event from the kubelet.
type CSINodePlugin interface {
	NodeStageVolume(from trace.Actor, v CSIVolume) error
	NodePublishVolume(from trace.Actor, v CSIVolume) error
}

// CSIVolume is one volume a Pod mounts through a CSI driver.
type CSIVolume struct {
	Driver, Handle, PV string
	// Namespace and Pod name the Pod mounting it.
	Namespace, Pod string
	// StagingPath and TargetPath are the kubelet's paths:
	// .../plugins/kubernetes.io/csi/DRIVER/PV/globalmount and
	// .../pods/UID/volumes/kubernetes.io~csi/PV/mount (simplified: the PV
	// name stands for the volume handle's SHA-256).
	StagingPath, TargetPath string
}

// mountCSI stages (once per node) and publishes the CSI volume behind a
// persistentVolumeClaim volume, when the claim's PersistentVolume belongs
// to a driver in Config.CSI; the claim and the volume are read with a
// GET each, as the volume manager's desired-state populator does. It
// reports false when the claim is not bound yet or a call fails: the
// sync is retried. Without Config.CSI it does nothing.
func (w *podWorker) mountCSI(vm map[string]any) bool {
	l := w.l
	pvcRef, _ := vm["persistentVolumeClaim"].(map[string]any)
	if pvcRef == nil || len(l.k.cfg.CSI) == 0 {
		return true
	}
	pvc, err := l.client.Get(l.k.e.Kind("", "PersistentVolumeClaim"), w.v.Namespace, str(pvcRef["claimName"]))
	if err != nil {
		return false
	}
	pvName := pvc.GetString(".spec.volumeName")
	if pvName == "" {
		return false
	}
	pv, err := l.client.Get(l.k.e.Kind("", "PersistentVolume"), "", pvName)
	if err != nil {
		return false
	}
	driver := pv.GetString(".spec.csi.driver")
	plugin := l.k.cfg.CSI[driver]
	if plugin == nil {
		return true
	}
	v := CSIVolume{Driver: driver, Handle: pv.GetString(".spec.csi.volumeHandle"), PV: pvName,
		Namespace: w.v.Namespace, Pod: w.pod.Meta.Name,
		StagingPath: "/var/lib/kubelet/plugins/kubernetes.io/csi/" + driver + "/" + pvName + "/globalmount",
		TargetPath:  "/var/lib/kubelet/pods/" + w.pod.Meta.UID + "/volumes/kubernetes.io~csi/" + pvName + "/mount"}
	if l.staged == nil {
		l.staged = map[string]bool{}
	}
	if !l.staged[pvName] {
		if plugin.NodeStageVolume(l.k.actor, v) != nil {
			return false
		}
		l.staged[pvName] = true
	}
	return plugin.NodePublishVolume(l.k.actor, v) == nil
}
