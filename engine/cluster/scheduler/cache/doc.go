// Package cache is kube-scheduler's cache (pkg/scheduler/backend/cache,
// v1.37): every node with the Pods counted on it, both the Pods the
// informer reports bound and the Pods the scheduler has assumed — placed in
// memory the moment it decided, before its binding reaches the API server —
// so that two Pods scheduled back to back never book the same room while
// the informer catches up. An assumed Pod is confirmed when the informer
// reports it bound, and forgotten if its binding fails; since v1.33
// assumed Pods no longer expire.
//
// Nodes are listed as Kubernetes' node tree lists them: grouped by region
// and zone, zones in the order first seen, taking one node from each zone
// in turn, nodes within a zone in the order they were added.
//
// Difference from Kubernetes: a scheduling cycle runs within one loop event,
// so nothing changes the cache during a cycle and the scheduler reads the
// cache itself instead of a per-cycle snapshot copy.
package cache
