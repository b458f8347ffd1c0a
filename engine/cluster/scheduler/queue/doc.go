// Package queue is kube-scheduler's scheduling queue
// (pkg/scheduler/backend/queue/scheduling_queue.go, v1.37) on the model's
// loop: three places a Pod waiting for a node can be.
//
//   - activeQ, a heap in the profile's QueueSort order (PrioritySort: higher
//     priority, then earlier queue timestamp), from which the scheduler pops.
//   - backoffQ, Pods that failed and wait out a backoff of 1 s doubling per
//     failed attempt up to 10 s, ordered by when it ends (whole seconds);
//     flushed into activeQ every second, on the second. When activeQ is
//     empty the scheduler pops from backoffQ at once (SchedulerPopFromBackoffQ,
//     on by default since v1.33); Pods that failed with an error wait in a
//     separate error backoffQ that is never popped early.
//   - the unschedulable pool, Pods the plugins rejected. A cluster event
//     moves a Pod out only when a plugin that rejected it registered for
//     the event and its QueueingHint says Queue; it then goes to backoffQ,
//     or activeQ if its backoff is already over. Every 30 s, Pods that have
//     been there longer than 5 minutes are flushed out anyway.
//
// Differences from Kubernetes, each named: a scheduling attempt runs within
// one loop event, so no cluster event can happen while a Pod is "in flight"
// and the queue keeps no in-flight event list (a rejected Pod goes to the
// unschedulable pool; one that failed with an error to backoffQ); Pods of
// equal priority and timestamp keep the order they first entered the
// queue, and the unschedulable pool is walked in that order (Kubernetes
// walks a map); nominated Pods are tracked by the scheduler, not here; the
// PreQueueingHints alpha and pod groups are not modelled.
package queue
