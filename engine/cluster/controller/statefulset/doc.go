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
// Events, as stateful_pod_control.go words them: SuccessfulCreate
// "create Pod web-0 in StatefulSet web successful", "create Claim
// data-web-0 Pod web-0 in StatefulSet web success", SuccessfulDelete
// "delete Pod web-2 in StatefulSet web successful".
//
// Simplifications, named: no ControllerRevisions, so no rolling update
// of the template (a changed template reaches new Pods only) and no
// controller-revision-hash label; minReadySeconds is 0 (available is
// ready); no PVC retention policy other than Retain.
package statefulset
