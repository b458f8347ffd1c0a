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
// template becomes the update revision; under RollingUpdate the Pods
// not of it are deleted, from the highest ordinal down, and recreated
// from it, as many at a time as maxUnavailable allows (below), down to
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
// A Pod counts as available once it has been ready for minReadySeconds:
// an ordered set creates and deletes a Pod only when those below it are
// available, availableReplicas counts them, and the set syncs again when
// the next ready Pod becomes available. The rolling update is v1.37's
// (MaxUnavailableStatefulSet on by default): old Pods are deleted from
// the highest ordinal down to the partition while fewer than
// rollingUpdate.maxUnavailable (1 by default) replicas are unavailable.
//
// Simplifications, named: no PVC retention policy other than Retain; no
// Recreate update strategy.
package statefulset
