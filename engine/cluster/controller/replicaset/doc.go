// Package replicaset is kube-controller-manager's ReplicaSet controller
// (pkg/controller/replicaset/replica_set.go and the helpers it uses from
// pkg/controller): it watches ReplicaSets and Pods through the manager's
// shared informers and keeps each ReplicaSet's count of active Pods at
// spec.replicas, writing through its own client as
// "replicaset-controller".
//
// What it does, each as Kubernetes v1.37 does it:
//
//   - creates missing Pods from the template with generateName
//     "<replicaset>-" and a controller ownerReference, in slow-start batches
//     of 1, 2, 4, … and at most 500 per sync (burstReplicas);
//   - deletes surplus Pods in Kubernetes' ranking (unassigned before
//     assigned, Pending before Unknown before Running, not ready before
//     ready, lower pod-deletion-cost, more Pods of the same owner on the
//     node, ready for less time, more restarts, newer);
//   - waits for its own creations and deletions to be observed before it
//     acts again (expectations, five minutes at most), and for its
//     informers to have read its own writes (the stale-controller
//     consistency check, beta and on by default since v1.36);
//   - adopts matching orphan Pods and releases Pods that no longer match,
//     by patching their ownerReferences;
//   - counts a Pod with a deletionTimestamp as gone, so that its
//     replacement is created at once, and reports it as terminating;
//   - writes status (replicas, fullyLabeledReplicas, readyReplicas,
//     availableReplicas after minReadySeconds, terminatingReplicas,
//     observedGeneration, the ReplicaFailure condition) through the status
//     subresource;
//   - records SuccessfulCreate, SuccessfulDelete, FailedCreate and
//     FailedDelete Events with Kubernetes' messages.
//
// Every decision appears in the trace: a RECONCILE per key handled (with the
// error that requeued it), and the API calls it makes.
//
// Simplifications: the calls of a slow-start batch, and the deletions of a
// sync, run one after another at one virtual instant (Kubernetes runs them
// concurrently); the controller reads Pods from a table of its own, grouped
// as the informer's podController index groups them (the same Pods, read
// once per version instead of at every sync), so Pods that tie in every
// rule of the deletion ranking may come in another order than
// Kubernetes', whose index is a map; a request answered 429 fails the sync,
// which is requeued, where client-go would resend it after Retry-After.
package replicaset
