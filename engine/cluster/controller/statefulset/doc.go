// Package statefulset is kube-controller-manager's StatefulSet controller
// (pkg/controller/statefulset), "statefulset-controller": Pods with a
// stable identity, NAME-0, NAME-1, …, each with its own
// PersistentVolumeClaims, TEMPLATE-NAME-N, from the volumeClaimTemplates.
//
// Under the default podManagementPolicy OrderedReady (monotonic) one sync
// creates at most one Pod, and only once every lower ordinal is Running
// and Ready; scale-down deletes the highest ordinal first, one at a time,
// waiting for it to terminate. Under Parallel every missing Pod is
// created at once. A Pod in a terminal phase is deleted and, at the next
// sync, created again with the same name. Claims are created before their
// Pod, and never deleted (persistentVolumeClaimRetentionPolicy Retain,
// the default). Status counts replicas, ready, available, current and
// updated Pods and is written with an update of statefulsets/status.
//
// Each template is recorded in a ControllerRevision SET-HASH (its data a
// patch replacing the template; the template's labels and
// controller.kubernetes.io/hash), and each Pod is labelled
// controller-revision-hash with the revision it was made from. A changed
// template becomes the update revision; under RollingUpdate the Pod with
// the highest ordinal not of it is deleted, and recreated from it, one at
// a time, each once the Pods above are Running and Ready, down to
// spec.updateStrategy.rollingUpdate.partition (Pods below it are made
// from the current revision). When every Pod is updated and ready the
// update revision becomes the current one (status.currentRevision). A
// template that comes back reuses its revision, renumbered; revisions no
// Pod uses are deleted beyond spec.revisionHistoryLimit. Under OnDelete
// only Pods deleted by someone else are made anew.
//
// Events, as kube-controller-manager v1.37 words them: SuccessfulCreate
// "Create Pod web-0 in StatefulSet web successful", "Create Claim
// data-web-0 Pod web-0 in StatefulSet web success", SuccessfulDelete
// "Delete Pod web-2 in StatefulSet web successful".
//
// A set claims its Pods (those its selector matches named SET-N) and
// adopts the orphan revisions it selects, as the controller reference
// manager does (controller.RefManager), so that a set deleted with
// propagationPolicy Orphan and created again takes its Pods back.
//
// Simplifications, named: minReadySeconds is 0 (available is ready);
// maxUnavailable is 1 (one Pod at a time); no PVC retention policy other
// than Retain.
package statefulset
