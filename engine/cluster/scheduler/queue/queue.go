package queue

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Queue names, as Kubernetes logs and labels them.
const (
	ActiveQ        = "Active"
	BackoffQ       = "Backoff"
	UnschedulableQ = "Unschedulable"
)

// UnschedulableFlushInterval is how often Pods that stayed unschedulable
// too long are flushed (scheduling_queue.go, Run: wait.Until(…, 30*time.Second)).
const UnschedulableFlushInterval = 30 * time.Second

// Config configures a PriorityQueue.
type Config struct {
	Loop      *sim.Loop
	Framework *framework.Framework
	// InitialBackoff, MaxBackoff and MaxInUnschedulable are
	// podInitialBackoffSeconds (1 s), podMaxBackoffSeconds (10 s) and
	// podMaxInUnschedulablePodsDuration (5 min).
	InitialBackoff, MaxBackoff, MaxInUnschedulable time.Duration
	// OnReady is called when a Pod becomes ready to pop (activeQ, or
	// backoffQ which may be popped early): the queue's broadcast.
	OnReady func()
}

// PriorityQueue is the scheduling queue. Used from the loop only.
type PriorityQueue struct {
	loop           *sim.Loop
	fwk            *framework.Framework
	hints          *framework.QueueingHintMap
	initialBackoff time.Duration
	maxBackoff     time.Duration
	maxInUnsched   time.Duration
	onReady        func()

	activeQ       *podHeap
	backoffQ      *podHeap
	errorBackoffQ *podHeap
	unschedulable map[string]*framework.QueuedPodInfo

	seq             uint64
	schedulingCycle int64
	backoffTimer    *sim.Timer
	flushTimer      *sim.Timer
	running         bool
}

// New returns an empty queue. Its timers start with Run.
func New(cfg Config) *PriorityQueue {
	q := &PriorityQueue{
		loop: cfg.Loop, fwk: cfg.Framework, hints: cfg.Framework.QueueingHints(),
		initialBackoff: cfg.InitialBackoff, maxBackoff: cfg.MaxBackoff, maxInUnsched: cfg.MaxInUnschedulable,
		onReady:       cfg.OnReady,
		unschedulable: map[string]*framework.QueuedPodInfo{},
	}
	q.activeQ = newPodHeap(q.less)
	q.backoffQ = newPodHeap(q.lessBackoff)
	q.errorBackoffQ = newPodHeap(q.lessBackoff)
	q.backoffTimer = cfg.Loop.NewTimer(sim.Func(q.tickBackoff))
	q.flushTimer = cfg.Loop.NewTimer(sim.Func(q.tickUnschedulable))
	return q
}

func (q *PriorityQueue) less(a, b *framework.QueuedPodInfo) bool {
	return q.fwk.QueueSort().Less(a, b)
}

// Run starts the flushes: backoffQ every second on the second, the
// unschedulable pool at once and every 30 s.
func (q *PriorityQueue) Run() {
	if q.running {
		return
	}
	q.running = true
	now := q.loop.Now()
	q.backoffTimer.Reset(alignToWindow(now.Add(BackoffOrderingWindow)))
	q.flushTimer.Reset(now)
}

// Close stops the flushes.
func (q *PriorityQueue) Close() {
	q.running = false
	q.backoffTimer.Stop()
	q.flushTimer.Stop()
}

func (q *PriorityQueue) tickBackoff() {
	q.FlushBackoffQCompleted()
	q.backoffTimer.Reset(q.loop.Now().Add(BackoffOrderingWindow))
}

func (q *PriorityQueue) tickUnschedulable() {
	q.FlushUnschedulablePodsLeftover()
	q.flushTimer.Reset(q.loop.Now().Add(UnschedulableFlushInterval))
}

func (q *PriorityQueue) ready() {
	if q.onReady != nil {
		q.onReady()
	}
}

// newQueuedPodInfo wraps a Pod entering the queue.
func (q *PriorityQueue) newQueuedPodInfo(p *framework.PodInfo) *framework.QueuedPodInfo {
	q.seq++
	return &framework.QueuedPodInfo{PodInfo: p, Timestamp: q.loop.Now(), Seq: q.seq}
}

// Add adds a new Pod: to activeQ, or the unschedulable pool while gated.
func (q *PriorityQueue) Add(p *framework.PodInfo) {
	if q.moveToActiveQ(q.newQueuedPodInfo(p), false) {
		q.ready()
	}
}

// runPreEnqueue runs the PreEnqueue plugins and records a gate.
func (q *PriorityQueue) runPreEnqueue(p *framework.QueuedPodInfo) {
	st := q.fwk.RunPreEnqueuePlugins(p.PodInfo)
	p.Gated = !st.IsSuccess()
	if p.Gated {
		p.UnschedulablePlugins = map[string]bool{st.Plugin(): true}
	}
}

// moveToActiveQ moves p to activeQ unless a PreEnqueue plugin gates it (it
// then waits in the unschedulable pool). From backoffQ the PreEnqueue
// plugins already ran when it entered.
func (q *PriorityQueue) moveToActiveQ(p *framework.QueuedPodInfo, fromBackoffQ bool) bool {
	if !fromBackoffQ {
		q.runPreEnqueue(p)
	}
	if p.Gated {
		p.WasFlushedFromUnschedulable = false
		q.unschedulable[p.Key] = p
		return false
	}
	if !p.HasInitialAttempt {
		p.InitialAttemptTimestamp, p.HasInitialAttempt = q.loop.Now(), true
	}
	delete(q.unschedulable, p.Key)
	q.activeQ.addOrUpdate(p)
	return true
}

// moveToBackoffQ moves p to backoffQ, or its error twin when no plugin
// rejected it, unless a PreEnqueue plugin gates it.
func (q *PriorityQueue) moveToBackoffQ(p *framework.QueuedPodInfo) bool {
	q.runPreEnqueue(p)
	if p.Gated {
		p.WasFlushedFromUnschedulable = false
		q.unschedulable[p.Key] = p
		return false
	}
	delete(q.unschedulable, p.Key)
	if len(p.UnschedulablePlugins) == 0 && len(p.PendingPlugins) == 0 {
		q.errorBackoffQ.addOrUpdate(p)
		return true
	}
	q.backoffQ.addOrUpdate(p)
	return true
}

// Pop removes the next Pod to schedule: activeQ's head, or when activeQ is
// empty backoffQ's head, backoff or not. It returns nil when neither has
// one.
func (q *PriorityQueue) Pop() *framework.QueuedPodInfo {
	p := q.activeQ.pop()
	if p == nil {
		p = q.backoffQ.pop()
	}
	if p == nil {
		return nil
	}
	q.schedulingCycle++
	p.Attempts++
	return p
}

// Ready reports whether Pop would return a Pod.
func (q *PriorityQueue) Ready() bool { return q.activeQ.Len()+q.backoffQ.Len() > 0 }

// SchedulingCycle returns how many Pods have been popped.
func (q *PriorityQueue) SchedulingCycle() int64 { return q.schedulingCycle }

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
