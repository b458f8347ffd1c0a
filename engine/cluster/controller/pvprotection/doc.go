// Package pvprotection is kube-controller-manager's PV protection
// controller (pkg/controller/volume/pvprotection,
// "pv-protection-controller"): a PersistentVolume keeps the finalizer
// kubernetes.io/pv-protection, which the StorageObjectInUseProtection
// admission plugin gave it, while it is Bound, so that deleting a bound
// volume leaves it Terminating until its claim lets it go.
//
// The controller watches volumes. One that lacks the finalizer and is not
// being deleted gets it; one being deleted loses it once its status phase
// is no longer Bound.
package pvprotection
