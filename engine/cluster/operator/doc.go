// Package operator is an Operator for the `DatabaseCluster` custom
// resource (the source course's conversation 19): a controller outside
// kube-controller-manager that reconciles a custom API kind by the same
// observe, compare, write pattern, through the API only.
//
// Its actor is "database-operator", running as the ServiceAccount
// kube-system/database-operator. It watches DatabaseClusters, and the
// StatefulSets and Services they own, and for each DatabaseCluster NAME
// keeps:
//
//   - a headless Service NAME (clusterIP: None, port 5432 "postgres")
//     selecting app.kubernetes.io/name=database,
//     app.kubernetes.io/instance=NAME;
//   - a StatefulSet NAME with spec.replicas (default 1) Pods of
//     spec.image (default DefaultImage) and a volumeClaimTemplate "data"
//     of spec.storage (default 1Gi) in spec.storageClassName, so the
//     StatefulSet controller creates Pods NAME-0, NAME-1, … and claims
//     data-NAME-0, data-NAME-1, …;
//   - the DatabaseCluster's status: observedGeneration, readyReplicas and
//     a Ready condition (True, AllReplicasReady once every replica is
//     ready; False, WaitingForReplicas before), written to the status
//     subresource.
//
// Both dependents carry a controller ownerReference to the
// DatabaseCluster, so the garbage collector deletes them with it. The
// operator changes only what it owns: a StatefulSet's replicas are set
// back to the DatabaseCluster's.
//
// Simplifications, named: the operator runs as an actor, not as a Pod
// of a Deployment; it makes no call outside the API (a real database
// operator might call a provider; that would be an EXTERNAL edge).
package operator
