// Package daemon is kube-controller-manager's DaemonSet controller
// (pkg/controller/daemon, v1.37): one Pod of a DaemonSet on every Node
// that should run it, placed by the scheduler through the required node
// affinity the controller writes into each Pod.
//
// For each DaemonSet a sync, as syncDaemonSet does:
//   - works out for every Node whether the DaemonSet's Pod should run
//     there (NodeShouldRunDaemonPod: the template's nodeName, its
//     nodeSelector and required node affinity, and the Node's taints
//     against the template's tolerations plus those every daemon Pod gets);
//   - creates the missing Pods in slow-start batches, each with
//     generateName "<daemonset>-", the controller reference, the labels
//     controller-revision-hash and pod-template-generation, the tolerations
//     node.kubernetes.io/not-ready and unreachable (NoExecute) and
//     disk-pressure, memory-pressure, pid-pressure and unschedulable
//     (NoSchedule), and a required node affinity matching the Node's
//     metadata.name; deletes Pods on Nodes that should not run them, extra
//     Pods on a Node, and failed Pods (with a back-off per Node);
//   - under RollingUpdate replaces out-of-date Pods, never more than
//     maxUnavailable unavailable at once (or, with maxSurge, starts the new
//     Pod beside the old one and deletes the old once the new is
//     available); under OnDelete leaves them;
//   - writes status: desiredNumberScheduled, currentNumberScheduled,
//     numberMisscheduled, numberReady, updatedNumberScheduled,
//     numberAvailable, numberUnavailable and observedGeneration.
//
// Events are kube-controller-manager's: SuccessfulCreate "Created pod:
// NAME", SuccessfulDelete "Deleted pod: NAME", FailedDaemonPod,
// SelectingAll. The controller writes as ServiceAccount
// kube-system/daemon-set-controller; its trace actor and Event source are
// "daemonset-controller".
//
// Each template is recorded in a ControllerRevision NAME-HASH (its data
// a patch replacing the template, the DaemonSet's annotations, the
// template's labels and controller-revision-hash), renumbered when an
// old template comes back; old revisions no Pod carries are deleted
// beyond spec.revisionHistoryLimit.
//
// A DaemonSet claims its Pods and revisions as the controller reference
// manager does (controller.RefManager): orphans its selector matches are
// adopted, after a fresh read shows it is not being deleted, and Pods it
// owns that stop matching are released; a new or relabelled orphan makes
// every DaemonSet that selects it sync.
//
// Deviations: the hash is computed as the model's Deployment controller
// computes pod-template-hash (see controller.ComputeHash), so its value
// differs from Kubernetes'.
package daemon
