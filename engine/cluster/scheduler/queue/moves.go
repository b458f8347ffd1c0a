package queue

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// AddUnschedulableIfNotPresent puts back a Pod whose attempt failed, with
// the plugins that rejected it (none for an error). The failure counts
// towards its backoff and restarts its timestamp. A rejected Pod goes to
// the unschedulable pool; one that failed with an error to backoffQ.
func (q *PriorityQueue) AddUnschedulableIfNotPresent(p *framework.QueuedPodInfo) {
	if q.has(p.Key) {
		return
	}
	if len(p.UnschedulablePlugins) == 0 && len(p.PendingPlugins) == 0 {
		p.ConsecutiveErrorsCount++
	} else {
		p.UnschedulableCount++
		p.ConsecutiveErrorsCount = 0
	}
	p.Timestamp = q.loop.Now()
	p.HasBackoff = false
	p.WasFlushedFromUnschedulable = false
	p.FlushTimestamp = 0
	strategy := queueSkip
	if len(p.UnschedulablePlugins) == 0 && len(p.PendingPlugins) == 0 {
		strategy = queueAfterBackoff
	}
	if to := q.requeue(p, strategy); to == ActiveQ || to == BackoffQ {
		q.ready()
	}
}

func (q *PriorityQueue) has(key string) bool {
	if _, ok := q.unschedulable[key]; ok {
		return true
	}
	_, a := q.activeQ.get(key)
	_, b := q.backoffQ.get(key)
	_, e := q.errorBackoffQ.get(key)
	return a || b || e
}

// Get returns the queued Pod with key and the queue it is in.
func (q *PriorityQueue) Get(key string) (*framework.QueuedPodInfo, string) {
	if p, ok := q.activeQ.get(key); ok {
		return p, ActiveQ
	}
	if p, ok := q.backoffQ.get(key); ok {
		return p, BackoffQ
	}
	if p, ok := q.errorBackoffQ.get(key); ok {
		return p, BackoffQ
	}
	if p, ok := q.unschedulable[key]; ok {
		return p, UnschedulableQ
	}
	return nil, ""
}

// Delete removes the Pod with key from whichever queue holds it.
func (q *PriorityQueue) Delete(key string) {
	q.activeQ.delete(key)
	q.backoffQ.delete(key)
	q.errorBackoffQ.delete(key)
	delete(q.unschedulable, key)
}

// Lens returns how many Pods each queue holds: active, backoff (both
// backoff queues), unschedulable.
func (q *PriorityQueue) Lens() (active, backoff, unschedulable int) {
	return q.activeQ.Len(), q.backoffQ.Len() + q.errorBackoffQ.Len(), len(q.unschedulable)
}

// FlushBackoffQCompleted moves every Pod whose backoff has ended to
// activeQ.
func (q *PriorityQueue) FlushBackoffQCompleted() {
	moved := false
	for _, h := range []*podHeap{q.backoffQ, q.errorBackoffQ} {
		for p := h.peek(); p != nil && !q.isBackingOff(p); p = h.peek() {
			h.pop()
			if q.moveToActiveQ(p, true) {
				moved = true
			}
		}
	}
	if moved {
		q.ready()
	}
}

// FlushUnschedulablePodsLeftover moves Pods that have waited in the
// unschedulable pool longer than MaxInUnschedulable (since they came back,
// or since the last flush) out, as the wildcard UnschedulableTimeout event.
func (q *PriorityQueue) FlushUnschedulablePodsLeftover() {
	now := q.loop.Now()
	var out []*framework.QueuedPodInfo
	for _, p := range q.sortedUnschedulable() {
		last := max(p.Timestamp, p.FlushTimestamp)
		if now.Sub(last) > q.maxInUnsched {
			p.WasFlushedFromUnschedulable = true
			p.FlushTimestamp = now
			out = append(out, p)
		}
	}
	if len(out) > 0 {
		q.movePods(out, framework.EventUnschedulableTimeout, nil, nil)
	}
}

// sortedUnschedulable returns the pool in the order Pods entered the queue.
func (q *PriorityQueue) sortedUnschedulable() []*framework.QueuedPodInfo {
	out := make([]*framework.QueuedPodInfo, 0, len(q.unschedulable))
	for _, p := range q.unschedulable {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *framework.QueuedPodInfo) int {
		if a.Seq < b.Seq {
			return -1
		}
		return 1
	})
	return out
}

// MoveAllToActiveOrBackoffQueue offers a cluster event to every Pod in the
// unschedulable pool that preCheck accepts (nil accepts all).
func (q *PriorityQueue) MoveAllToActiveOrBackoffQueue(e framework.ClusterEvent, oldObj, newObj any, preCheck func(*framework.PodInfo) bool) {
	if !q.hints.Interested(e) || len(q.unschedulable) == 0 {
		return
	}
	var pods []*framework.QueuedPodInfo
	for _, p := range q.sortedUnschedulable() {
		if preCheck == nil || preCheck(p.PodInfo) {
			pods = append(pods, p)
		}
	}
	q.movePods(pods, e, oldObj, newObj)
}

// movePods requeues the Pods for which the event is worth it.
func (q *PriorityQueue) movePods(pods []*framework.QueuedPodInfo, e framework.ClusterEvent, oldObj, newObj any) {
	if !q.hints.Interested(e) {
		return
	}
	ready := false
	for _, p := range pods {
		if p.Gated && !e.IsWildCard() && !q.gateInterested(p, e) {
			continue
		}
		s := q.worthRequeuing(p, e, oldObj, newObj)
		if s == queueSkip {
			continue
		}
		delete(q.unschedulable, p.Key)
		if to := q.requeue(p, s); to == ActiveQ || to == BackoffQ {
			ready = true
		}
	}
	if ready {
		q.ready()
	}
}

func (q *PriorityQueue) gateInterested(p *framework.QueuedPodInfo, e framework.ClusterEvent) bool {
	for _, h := range q.hints.Hints(e) {
		if p.UnschedulablePlugins[h.Plugin] {
			return true
		}
	}
	return false
}

// Update replaces a queued Pod's PodInfo. A Pod in the unschedulable pool
// is offered the events the update raises (its own labels, tolerations,
// gates…), as the target Pod. It reports whether the Pod was queued.
func (q *PriorityQueue) Update(newPod *framework.PodInfo) bool {
	for _, h := range []*podHeap{q.activeQ, q.backoffQ, q.errorBackoffQ} {
		if p, ok := h.get(newPod.Key); ok {
			p.PodInfo = newPod
			h.addOrUpdate(p)
			return true
		}
	}
	p, ok := q.unschedulable[newPod.Key]
	if !ok {
		return false
	}
	oldPod := p.PodInfo
	p.PodInfo = newPod
	for _, e := range framework.PodSchedulingPropertiesChange(oldPod, newPod, true) {
		s := q.worthRequeuing(p, e, oldPod, newPod)
		if s == queueSkip {
			continue
		}
		delete(q.unschedulable, p.Key)
		if to := q.requeue(p, s); to == ActiveQ || to == BackoffQ {
			q.ready()
			break
		}
	}
	return true
}
