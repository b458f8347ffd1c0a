package queue

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// queueingStrategy is where an event sends a Pod.
type queueingStrategy int

const (
	queueSkip queueingStrategy = iota
	queueAfterBackoff
	queueImmediately
)

// worthRequeuing is isPodWorthRequeuing: a Pod no plugin rejected, or a
// wildcard event, requeues after backoff; otherwise only the hints of the
// plugins that rejected it count. A Queue from a pending plugin requeues at
// once, from an unschedulable plugin after backoff.
func (q *PriorityQueue) worthRequeuing(p *framework.QueuedPodInfo, e framework.ClusterEvent, oldObj, newObj any) queueingStrategy {
	if len(p.UnschedulablePlugins) == 0 && len(p.PendingPlugins) == 0 {
		return queueAfterBackoff
	}
	if e.IsWildCard() {
		return queueAfterBackoff
	}
	strategy := queueSkip
	for _, h := range q.hints.Hints(e) {
		if !p.UnschedulablePlugins[h.Plugin] && !p.PendingPlugins[h.Plugin] {
			continue
		}
		if h.Fn != nil && h.Fn(p.PodInfo, oldObj, newObj) == framework.QueueSkip {
			continue
		}
		if p.PendingPlugins[h.Plugin] {
			return queueImmediately
		}
		if len(p.PendingPlugins) == 0 {
			return queueAfterBackoff
		}
		strategy = queueAfterBackoff
	}
	return strategy
}

// requeue is requeueEntityWithQueueingStrategy: the unschedulable pool for
// queueSkip; backoffQ while the backoff lasts; activeQ otherwise.
func (q *PriorityQueue) requeue(p *framework.QueuedPodInfo, s queueingStrategy) string {
	if s == queueSkip {
		q.unschedulable[p.Key] = p
		return UnschedulableQ
	}
	if s == queueAfterBackoff && q.isBackingOff(p) {
		if q.moveToBackoffQ(p) {
			return BackoffQ
		}
		return UnschedulableQ
	}
	if q.moveToActiveQ(p, false) {
		return ActiveQ
	}
	return UnschedulableQ
}
