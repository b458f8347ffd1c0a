package queue

import (
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
