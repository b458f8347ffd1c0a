// Package disruption is kube-controller-manager's disruption controller
// (pkg/controller/disruption, v1.37): it keeps each PodDisruptionBudget's
// status, which the eviction subresource reads.
//
// For a budget it counts the Pods its selector picks in its namespace:
// expectedPods (the Pods, or, for a percentage or a maxUnavailable, the
// replicas their controllers — ReplicaSets, and the Deployments above
// them, StatefulSets — ask for), currentHealthy (the Ready ones not being
// deleted and not just evicted), desiredHealthy (minAvailable, a
// percentage of the expected rounded up, or the expected less
// maxUnavailable rounded down) and disruptionsAllowed (current less
// desired, never below 0), with the condition DisruptionAllowed
// (SufficientPods or InsufficientPods). An eviction recorded in
// status.disruptedPods is dropped once the Pod is deleted, or after 2
// minutes (DeletionTimeout).
package disruption
