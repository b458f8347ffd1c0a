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
package replicaset
