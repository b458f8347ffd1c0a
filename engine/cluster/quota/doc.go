// Package quota is Kubernetes' quota evaluation (pkg/quota/v1 and its
// evaluators in pkg/quota/v1/evaluator/core, v1.37), shared by the
// ResourceQuota admission plugin and the resource quota controller: which
// resources of a quota an object counts against, how much it uses, what
// a Pod must specify, and which quotas' scopes it falls under.
//
// A Pod uses pods and count/pods, and, while it is not finished, the
// requests (cpu, memory, ephemeral-storage, as both NAME and
// requests.NAME) and limits (limits.NAME) of its containers: the sum of
// the regular containers, or the largest init container when that is
// more, plus the Pod overhead. A Service uses services and count/services,
// and services.loadbalancers or services.nodeports by its type. A
// PersistentVolumeClaim uses persistentvolumeclaims and requests.storage.
// Any other object uses count/RESOURCE[.GROUP], and the core kinds
// configmaps, secrets, resourcequotas and replicationcontrollers their
// plain names too.
//
// Scopes: Terminating, NotTerminating, BestEffort and NotBestEffort, and
// the PriorityClass scope selector, apply to Pods; a quota with a scope
// matches nothing else. Deviation: the scopes CrossNamespacePodAffinity
// and VolumeAttributesClass match nothing.
package quota
