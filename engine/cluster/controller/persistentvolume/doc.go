// Package persistentvolume is kube-controller-manager's PV controller
// (pkg/controller/volume/persistentvolume, ServiceAccount
// "persistent-volume-binder", Events from "persistentvolume-controller"):
// it binds PersistentVolumeClaims to PersistentVolumes and keeps both
// phases true.
//
// A claim with no volumeName is matched to a volume (findBestMatch): a
// volume pre-bound to it by claimRef wins; otherwise the smallest
// Available volume of the claim's class, volume mode and attributes class
// that holds its request, offers every access mode it asks for (from the
// volumes with the fewest modes on) and matches its selector. Binding
// takes up to four writes, each made only where needed: the volume's
// claimRef (and pv.kubernetes.io/bound-by-controller when the controller
// chose it), the volume's phase Bound, the claim's spec.volumeName with
// pv.kubernetes.io/bind-completed (and bound-by-controller), and the
// claim's status (phase Bound, the volume's access modes and capacity).
//
// With no volume to take, a claim of a WaitForFirstConsumer class waits
// for the scheduler (Event WaitForFirstConsumer, or WaitForPodScheduled
// naming its unscheduled Pods); a claim of a class whose provisioner is
// external is annotated volume.kubernetes.io/storage-provisioner (and its
// beta form), which the external provisioner waits for (Event
// ExternalProvisioning); a claim of a missing class gets a Warning
// ProvisioningFailed; a claim of no class a FailedBinding. It stays
// Pending.
//
// A volume that names no claim is Available. One whose claim is deleted
// is Released and then reclaimed by its policy: Retain keeps it; Delete
// removes a hostPath volume under /tmp, leaves a dynamically provisioned
// or CSI volume to its provisioner, and otherwise fails the volume
// (phase Failed, Warning VolumeFailedDelete). A bound claim whose volume
// disappears is Lost.
//
// Not modelled: the periodic resync (every 15 s), in-tree provisioning
// plugins, Recycle, CSI migration, and retroactive default StorageClass
// assignment.
package persistentvolume
