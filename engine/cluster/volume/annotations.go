package volume

import "github.com/loopbook/loopbook/engine/cluster/object"

// The annotations the PV controller, the scheduler's VolumeBinding and
// external provisioners write on claims and volumes to hand work to each
// other (k8s.io/component-helpers/storage/volume/helpers.go and
// pv_helpers.go).
const (
	// AnnBindCompleted marks a claim the PV controller finished binding.
	AnnBindCompleted = "pv.kubernetes.io/bind-completed"
	// AnnBoundByController marks a binding a controller made, not the
	// object's author.
	AnnBoundByController = "pv.kubernetes.io/bound-by-controller"
	// AnnDynamicallyProvisioned names the provisioner that made a volume.
	AnnDynamicallyProvisioned = "pv.kubernetes.io/provisioned-by"
	// AnnStorageProvisioner names, on a claim, the provisioner the PV
	// controller hands it to; AnnBetaStorageProvisioner is its older
	// form, written beside it.
	AnnStorageProvisioner     = "volume.kubernetes.io/storage-provisioner"
	AnnBetaStorageProvisioner = "volume.beta.kubernetes.io/storage-provisioner"
	// AnnSelectedNode is the node the scheduler chose for a claim of a
	// WaitForFirstConsumer class.
	AnnSelectedNode = "volume.kubernetes.io/selected-node"
)

// WaitForFirstConsumer is the volumeBindingMode that delays binding and
// provisioning until a Pod using the claim is scheduled.
const WaitForFirstConsumer = "WaitForFirstConsumer"

// WaitsForFirstConsumer reports whether a StorageClass delays binding
// (IsDelayBindingMode, given the class).
func WaitsForFirstConsumer(class *object.Object) bool {
	return object.StringAt(class.Content, "volumeBindingMode") == WaitForFirstConsumer
}

// ClaimProvisioner is the provisioner a claim is handed to: its
// storage-provisioner annotation, or the beta one, or "".
func ClaimProvisioner(pvc *object.Object) string {
	if name, ok := pvc.Meta.Annotations[AnnStorageProvisioner]; ok {
		return name
	}
	return pvc.Meta.Annotations[AnnBetaStorageProvisioner]
}
