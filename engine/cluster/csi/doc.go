// Package csi is dynamic provisioning of PersistentVolumes with a CSI
// driver (the source course's conversation 16): the controller side of
// the driver and its external-provisioner sidecar, and the storage
// provider behind it. The PV controller (controller/persistentvolume)
// names the driver on the claim and binds the claim to the volume made.
//
//   - Provider is the storage system outside Kubernetes. The driver's
//     controller plugin calls it once per volume; each call is one
//     EXTERNAL event from "csi-provisioner" to "csi-driver/DRIVER" with
//     the detail "CSI.CreateVolume NAME SIZE zone=ZONE".
//   - Provisioner is the external-provisioner ("csi-provisioner", the
//     ServiceAccount kube-system/csi-provisioner). It watches claims and
//     StorageClasses; for a Pending claim with no volume whose class
//     names its driver as provisioner, once the PV controller has named
//     the driver in the claim's volume.kubernetes.io/storage-provisioner
//     annotation, it calls CreateVolume and creates
//     the PersistentVolume pvc-UID: spec.csi {driver, volumeHandle},
//     the claim's size and access modes, a claimRef to the claim, the
//     class's reclaim policy, and a node affinity for the volume's zone
//     (topology.kubernetes.io/zone). A class with volumeBindingMode
//     WaitForFirstConsumer is provisioned only once the claim carries
//     volume.kubernetes.io/selected-node, in that node's zone; Immediate
//     is provisioned at once, in the provider's first zone.
//
// The scheduler's VolumeBinding plugin, not this package, writes
// volume.kubernetes.io/selected-node on a claim of a WaitForFirstConsumer
// class, in PreBind, and writes the Pod's binding only once the claim is
// bound.
//
// Simplification, named: volumes are not deleted when their claims are.
package csi
