// Package pvcprotection is kube-controller-manager's PVC protection
// controller (pkg/controller/volume/pvcprotection,
// "pvc-protection-controller"): a PersistentVolumeClaim keeps the
// finalizer kubernetes.io/pvc-protection, which the
// StorageObjectInUseProtection admission plugin gave it, for as long as a
// Pod uses it, so that deleting a claim in use leaves it Terminating
// instead of pulling the storage from under the Pod.
//
// The controller watches claims and Pods. A claim that lacks the
// finalizer and is not being deleted gets it. A claim being deleted loses
// it once no scheduled Pod names it in a persistentVolumeClaim volume:
// first the Pod cache is asked, and when it knows no such Pod a live LIST
// of the namespace's Pods confirms it, since a Pod may not be in the
// cache yet. Every Pod added, changed or deleted enqueues the claims its
// volumes name.
//
// With PersistentVolumeClaimUnusedSinceTime (beta, on by default in
// v1.37) a Bound claim that is not being deleted also carries the Unused
// condition: True with reason NoPodsUsingPVC when no Pod that has not
// terminated names it, False with PodUsingPVC when one does; its
// lastTransitionTime tells since when.
//
// Generic ephemeral volumes are not modelled, so only
// persistentVolumeClaim volumes count as use.
package pvcprotection
