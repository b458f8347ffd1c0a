// Package tainteviction is kube-controller-manager's taint eviction
// controller ("taint-eviction-controller"), which deletes the Pods of a
// Node with NoExecute taints they do not tolerate. Since v1.29 it runs as
// a controller of its own beside the node lifecycle controller
// (SeparateTaintEvictionController, GA and locked on since v1.34), with the
// node-controller ServiceAccount. It follows
// pkg/controller/tainteviction/taint_eviction.go and timed_workers.go at
// Kubernetes v1.37.
//
// For each Pod bound to a Node with NoExecute taints:
//
//   - a Pod that does not tolerate one of them is deleted at once;
//   - a Pod whose tolerations have no tolerationSeconds stays;
//   - otherwise the Pod is deleted when the shortest tolerationSeconds of
//     the tolerations it uses has passed since the controller first saw the
//     taint (the DefaultTolerationSeconds admission plugin gives every Pod
//     300 s for node.kubernetes.io/not-ready and unreachable);
//   - a deletion still pending is cancelled when the taints go (the Node
//     is Ready again) or the Pod goes, with the Event "Cancelling deletion
//     of Pod NS/NAME".
//
// A deletion records the Normal Event TaintManagerEviction "Marking for
// deletion Pod NS/NAME", adds the Pod condition DisruptionTarget=True
// (reason DeletionByTaintManager, message "Taint manager: deleting due to
// NoExecute taint") through pods/status and deletes the Pod with its
// default grace period. On an unreachable Node the kubelet cannot finish
// that deletion, so the Pod stays Terminating; its ReplicaSet counts it
// gone and creates a replacement.
//
// Trace: a RECONCILE event for each decision about a Pod (resource "pods":
// delete now, delete at an instant, deletion cancelled), and the API calls.
//
// Simplifications: Node and Pod updates share one queue handled in arrival
// order (Kubernetes shards them over eight workers and takes a worker's
// Node updates first); the five deletion attempts follow one another
// without the source's 10 ms pauses; the comparison operators of
// TaintTolerationComparisonOperators are not modelled.
package tainteviction
