// Package namespace is kube-controller-manager's namespace controller
// (pkg/controller/namespace and its deletion package, v1.37): it empties a
// deleted namespace and then lets the API server remove it.
//
// Deleting a Namespace only marks it: the API server sets its
// deletionTimestamp and status.phase Terminating, and keeps it while
// spec.finalizers holds "kubernetes". The controller sees the change,
// waits 5 s (namespaceDeletionGracePeriod, so that every API server's
// admission refuses new content first) and then, for that namespace:
//
//  1. reads it (GET); a namespace gone or not being deleted is done with;
//  2. sets status.phase Terminating if it is not yet (PUT status);
//  3. deletes its content, resource by resource, as discovery lists the
//     namespaced resources that support delete: Pods first and alone,
//     the rest only once no Pod is left; per resource, a LIST of Pods to
//     estimate their graceful termination, a DELETECOLLECTION with
//     propagationPolicy Background (or a LIST and a DELETE per object where
//     deletecollection is not served) and a LIST to see what remains;
//  4. records the outcome as the five deletion conditions on the
//     namespace's status (NamespaceDeletionDiscoveryFailure,
//     NamespaceDeletionGroupVersionParsingFailure,
//     NamespaceDeletionContentFailure, NamespaceContentRemaining,
//     NamespaceFinalizersRemaining, each False with its "ok" reason and
//     message when all went well) with a PUT to status when they changed;
//  5. while content remains, tries again after estimate/2 + 1 seconds (the
//     Pods' longest grace period, or 15 s for objects held by finalizers);
//     when none remains, removes "kubernetes" from spec.finalizers with a
//     PUT to the finalize subresource, retrying on conflict after a GET —
//     which the status update just made happen, as in Kubernetes — and the
//     API server removes the namespace.
//
// Each pass is a RECONCILE event from namespace-controller on the
// namespace; its failure, if any, is the outcome, and remaining content
// the detail. Failed passes are retried with the controller's own rate
// limiter (5 ms doubling to 60 s, and 10 qps overall); the informer's
// handler re-queues every terminating namespace every 5 minutes
// (--namespace-sync-period). Ten workers (--concurrent-namespace-syncs).
//
// Differences from Kubernetes: discovery is read from the kind registry
// the API server serves instead of GET /api and /apis, in discovery order
// (client-go iterates a map); the estimate for Pods is computed from the
// virtual clock.
package namespace
