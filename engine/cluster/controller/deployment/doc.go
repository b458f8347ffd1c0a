// Package deployment is kube-controller-manager's Deployment controller
// (pkg/controller/deployment: deployment_controller.go, sync.go,
// rolling.go, recreate.go, progress.go and util/deployment_util.go). It
// watches Deployments, ReplicaSets and Pods through the manager's shared
// informers and rolls each Deployment's Pod template out through
// ReplicaSets, writing through its own client as "deployment-controller".
//
// What it does, each as Kubernetes v1.37 does it:
//
//   - a template it has no ReplicaSet for gets a new one, named
//     "<deployment>-<pod-template-hash>", the hash label on the
//     ReplicaSet, its selector and its template, and the revision
//     annotation one above the highest old revision;
//   - RollingUpdate scales the new ReplicaSet up while the total stays
//     within replicas + maxSurge (rounded up), and the old ones down,
//     unhealthy replicas first and then oldest first, while available
//     replicas stay above replicas − maxUnavailable (rounded down; both 0
//     means maxUnavailable 1);
//   - Recreate scales every old ReplicaSet to 0, waits until none of their
//     Pods runs, then scales the new one up;
//   - a change of spec.replicas (also through /scale) while several
//     ReplicaSets have Pods is shared out in proportion, with the
//     desired-replicas and max-replicas annotations;
//   - paused Deployments are only scaled; revisionHistoryLimit old
//     ReplicaSets without Pods are kept, older ones deleted;
//   - status: observedGeneration, replicas, updated, ready, available,
//     unavailable and terminating replicas, collisionCount, and the
//     Available and Progressing conditions with their reasons and messages,
//     ProgressDeadlineExceeded included;
//   - ScalingReplicaSet Events ("Scaled up replica set web-5d7f8b9c6d from
//     0 to 3").
//
// Not modelled: the deprecated rollback annotation
// (deprecated.deployment.rollback.to) that only the extensions/v1beta1 API
// could set. The pod-template-hash differs in value from a real cluster's:
// see ComputeHash. A request answered 429 fails the sync, which is
// requeued, where client-go would resend it after Retry-After.
package deployment
