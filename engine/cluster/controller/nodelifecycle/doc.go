// Package nodelifecycle is kube-controller-manager's node lifecycle
// controller ("node-lifecycle-controller"): it notices Nodes whose kubelet
// stopped reporting, marks them and their Pods, and taints them so that
// the taint eviction controller (subpackage tainteviction) and the
// scheduler react. It follows
// pkg/controller/nodelifecycle/node_lifecycle_controller.go at Kubernetes
// v1.37 and acts only through the API, with the node-controller
// ServiceAccount.
//
// Health, every NodeMonitorPeriod (5 s) from the start:
//
//   - The controller remembers, per Node, the instant it last observed a
//     heartbeat: a changed lastHeartbeatTime of the Ready condition, or a
//     later renewTime of the Node's Lease in kube-node-lease. Health is
//     judged from that instant, on the controller's own clock.
//   - When a pass finds that instant more than NodeMonitorGracePeriod
//     (50 s) old (NodeStartupGracePeriod, 60 s, for a Node that never had a
//     Ready condition), it first reads the Lease live from the API (the
//     NodeControllerLeaseCircuitBreaker gate, beta and on in v1.37): when the
//     live Lease is newer than the cache, or the API cannot be reached, the
//     Node is skipped, and every Node waits until the Lease cache has caught
//     up. Otherwise the kubelet's conditions (Ready, MemoryPressure,
//     DiskPressure, PIDPressure) become Unknown, reason NodeStatusUnknown,
//     message "Kubelet stopped posting node status." (NodeStatusNeverUpdated,
//     "Kubelet never posted node status." for one never posted), written
//     through nodes/status. A Node whose last renewal the controller saw
//     at its pass of instant t is marked at the first pass strictly after
//     t + 50 s, t + 55 s: between 55 and 60 s after the renewal itself.
//   - When a Node stops being Ready, the controller records the Event
//     NodeNotReady "Node NAME status is now: NodeNotReady" and sets the
//     Ready condition of each of its Pods to False through pods/status
//     (MarkPodsNotReady, with a Warning Event NodeNotReady "Node is not
//     ready" each); a Pod that lands on such a Node later is marked too.
//
// Taints:
//
//   - NoSchedule, on every Node update: node.kubernetes.io/not-ready for
//     Ready=False, node.kubernetes.io/unreachable for Ready=Unknown, the
//     pressure and network taints for their conditions, and
//     node.kubernetes.io/unschedulable for spec.unschedulable.
//   - NoExecute: a Node that is Ready=False or Unknown joins its zone's
//     tainting queue; a pass every 100 ms (NodeEvictionPeriod) gives it
//     node.kubernetes.io/not-ready or unreachable with effect NoExecute, at
//     the zone's rate; Ready=True removes both and leaves the queue.
//   - Taints are read with GET (resourceVersion 0 first) and written with
//     a strategic merge patch of spec.taints that carries the read
//     resourceVersion, retried on conflict (controller.PatchNodeTaints).
//
// Zones and rates (handleDisruption): Nodes are grouped by
// topology.kubernetes.io/region and zone. A zone with no Ready Node is in
// FullDisruption; one with more than two Nodes not Ready that are at
// least --unhealthy-zone-threshold (55%) of it is in PartialDisruption;
// others are Normal. The tainting rate is --node-eviction-rate (0.1 Nodes
// a second, burst 1) in Normal and FullDisruption zones; in a
// PartialDisruption zone it is --secondary-node-eviction-rate (0.01) when
// the zone has more than --large-cluster-size-threshold (50) Nodes, and
// zero otherwise. When every zone is in FullDisruption the controller
// assumes the fault is its own: it removes the NoExecute taints from every
// Node and stops tainting until some Node is Ready again. A course cluster
// of two or three Nodes with one down is Normal; with every Node down it
// taints nothing.
//
// Trace: RECONCILE events for the controller's decisions (resource
// "nodes": a Node marked Unknown, queued for a NoExecute taint, its Pods
// marked not ready, a zone changing state), the API calls it makes, and
// the Events it writes (source node-controller).
//
// Simplifications: the 20 ms pauses between status-update retries and the
// taint patch back-off are not waited; the 100 ms tainting pass runs only
// on ticks where a queue has a Node and a token is available, which
// changes nothing else; a Node queued during a pass that falls on a tick
// is tainted on the next tick; DaemonSet Pods are not treated specially
// (the controller no longer evicts Pods itself); the Node label
// reconciliation of kubernetes.io/os and arch is not modelled; Events are
// written at once, without the broadcaster's aggregation.
package nodelifecycle
