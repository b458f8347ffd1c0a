// Package garbagecollector is kube-controller-manager's garbage collector
// (pkg/controller/garbagecollector, v1.37): it deletes objects whose owners
// are gone and carries out the Foreground and Orphan propagation policies.
//
// The collector monitors every deletable resource the API server serves
// (delete, list and watch; the preferred version; not events) through the
// manager's shared informers, and keeps a graph of owner references
// (GraphBuilder): one node per object, a virtual node for an owner named
// but not observed, each owner knowing its dependents. Graph changes queue
// nodes on two rate-limited queues that its workers (--concurrent-gc-syncs,
// 20) work off once every monitor has synced:
//
//   - attemptToDelete. A node whose object still exists is looked up with
//     GET, and its owner references classified: dangling (the owner is not
//     found, or found with another UID: remembered in a 500-entry LRU of
//     absent owners), waiting (the owner is being deleted with the
//     foregroundDeletion finalizer) or solid. With a solid owner, dangling
//     and waiting references are removed (a strategic merge patch with
//     $patch: delete per UID); with no solid owner the object is deleted
//     with its UID and resourceVersion as preconditions and
//     propagationPolicy Background (Orphan or Foreground when it carries
//     that finalizer already; Foreground when a waiting owner needs its
//     own dependents gone first). An owner being deleted in the foreground
//     loses its foregroundDeletion finalizer (a JSON merge patch at the
//     resourceVersion read) once no dependent with blockOwnerDeletion:
//     true is left; until then its blocking dependents are queued.
//   - attemptToOrphan. An owner deleted with the orphan finalizer: each
//     dependent loses its reference to it, then the owner loses the
//     finalizer.
//
// Background deletion thus needs no finalizer: the owner is gone at once,
// its node's removal queues the dependents, their reference dangles, and
// they are deleted. A dangling reference (an owner of that name exists
// with another UID, or none does) is handled the same way, whichever
// comes first, the owner or the dependent.
//
// Every attempt is a RECONCILE event from generic-garbage-collector on the
// object (its resource, namespace and name) whose detail is the decision;
// the GET, DELETE and PATCH calls follow it in the trace.
//
// Differences from client-go, each forced by the model or immaterial to
// it: informer events change the graph on the loop as they arrive (one
// consumer, as GraphBuilder's graphChanges queue has); nodes are queued
// by UID; dependents are kept in the order they arrived instead of a map's;
// discovery is read from the kind registry every 30 s instead of GET /api
// and /apis; the OwnerRefInvalidNamespace Event is not recorded; the
// strategic merge patch that unblocks a cycle names only ownerReferences
// and uid.
package garbagecollector
