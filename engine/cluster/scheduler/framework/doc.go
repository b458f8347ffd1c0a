// Package framework holds the scheduling framework's vocabulary, as
// k8s.io/kubernetes/pkg/scheduler/framework and k8s.io/kube-scheduler/framework
// define it in Kubernetes v1.37: the Status a plugin answers with and its
// Codes, the per-cycle CycleState, what the scheduler knows of a Pod
// (PodInfo, QueuedPodInfo) and of a Node (NodeInfo), the plugin interfaces
// of each extension point, the cluster events that move Pods between the
// scheduling queues (ClusterEvent, QueueingHint), the FitError that becomes
// a Pod's "0/3 nodes are available: …" message, and the Framework that runs
// a profile's plugins in order.
//
// Differences from Kubernetes, each invisible to a plugin's decisions:
//
//   - Everything runs on the model's one goroutine, so the Framework runs
//     plugins one node after another instead of through a Parallelizer, and
//     nothing is locked.
//   - Values Kubernetes' plugins compute in PreFilter or PreScore and keep in
//     the CycleState (a Pod's summed requests, its host ports, its preferred
//     affinity terms) are computed once when the PodInfo is built, as
//     Kubernetes' PodInfo already does for inter-pod affinity terms; the
//     CycleState keeps what truly belongs to one cycle (skipped plugins,
//     PreFilter results).
//   - Statuses a plugin returns for every rejected node are shared, immutable
//     values carrying the plugin's name, so filtering allocates nothing.
package framework
