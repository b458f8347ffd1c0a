// Package flowcontrol is the model's API Priority and Fairness: the gate
// of the API server that answers 429 TooManyRequests when a priority level
// is overloaded, so that one noisy client cannot starve the cluster's own
// traffic.
//
// It is modelled on kube-apiserver's bootstrap configuration
// (k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go) and its
// filter (k8s.io/apiserver/pkg/util/flowcontrol):
//
//   - Classification. FlowSchemas are tried by matching precedence; the
//     first whose subjects (users, groups, ServiceAccounts) and rules
//     (verbs, API groups, resources, namespaces, non-resource URLs) match
//     names the priority level and how to split requests into flows (by
//     user or by namespace). A node's Lease renewal in kube-node-lease
//     lands in system-node-high (node-high), kube-controller-manager's
//     leader-election Lease in system-leader-election (leader-election),
//     a health probe or a system:masters user in exempt, a ServiceAccount
//     in service-accounts (workload-low), any other user in
//     global-default.
//   - Concurrency. The server's limit, --max-requests-inflight plus
//     --max-mutating-requests-inflight (400 + 200), is divided among the
//     levels by their nominal concurrency shares: NominalCL =
//     ceil(600 × shares / 245) (see [Limits]).
//   - Seats, queues and fair queuing. A request takes one seat, or more
//     for large lists and for writes with many watchers ([Work]). When a
//     level's seats are all taken, the request is shuffle-sharded by the
//     SHA-256 of its flow onto handSize of the level's queues and joins
//     the one with least work waiting; requests leave the queues in the
//     order of Kubernetes' fair queuing (the queue whose head finishes
//     first in virtual time R, ties round-robin).
//   - Rejection. A request is answered 429 at once if every seat is taken
//     and its queue holds queueLengthLimit requests, or when it has
//     waited the queue-wait limit, a quarter of the 60 s request timeout;
//     catch-all, which has no queues, rejects when its seats are taken.
//     Retry-After starts at 1 s and adapts to the level's rejection rate
//     as Kubernetes' dropped-requests tracker does. Exempt requests are
//     never queued or rejected.
//
// # How the model differs
//
// Calls are synchronous: the API server handles a request completely at
// the instant it is sent, and the caller says how long the request will
// hold its seats. A level keeps its executing requests and its queues,
// and replays in virtual time the finishes and seat releases due since the
// last call, dispatching from the queues after each as Kubernetes does.
// A request that must queue has its fate decided on arrival: the level's
// future is replayed on a copy of its state, assuming nothing else
// arrives, to find when it would be dispatched. If that is beyond the
// queue-wait limit the request is answered 429 (and keeps its place in the
// queue until the limit runs out, as a real one does); otherwise it is
// admitted and the Decision carries its predicted wait. Requests arriving
// later may still be served ahead of it by fair queuing, as a newly busy
// flow is served ahead of a long backlog; it then starts later than
// predicted but is never timed out for that. So under sustained overload
// the model admits more of a noisy flow's queued requests than Kubernetes
// would serve within the limit (in the package example, 205 where
// Kubernetes could serve at most 147 within 15 s), and rejects fewer;
// who is rejected, when, and with what, is as in Kubernetes.
//
// Each level executes at its nominal concurrency limit: borrowing between
// levels (lendablePercent, borrowingLimitPercent), which Kubernetes
// adjusts every 10 s from smoothed seat demand, is not modelled, and
// [Limits] reports the bounds it would use. The work estimator sizes lists
// from [Config.ObjectCount] as if served from the watch cache, writes from
// [Config.WatchCount], and everything else, watches included, as one seat.
// The Retry-After of a time-out rejection is computed when the request
// arrives, not when its wait runs out.
package flowcontrol
