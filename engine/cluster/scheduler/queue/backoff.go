package queue

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// BackoffOrderingWindow is the granularity of backoff expirations: they are
// truncated to whole seconds so that Pods whose backoff ends in the same
// second leave the backoffQ in priority order, and the backoffQ is flushed
// once a second, on the second (backoff_queue.go,
// backoffQOrderingWindowDuration; SchedulerPopFromBackoffQ is on by default
// since v1.33).
const BackoffOrderingWindow = time.Second

// alignToWindow truncates t to the ordering window.
func alignToWindow(t sim.Time) sim.Time {
	return sim.Time(t.Duration().Truncate(BackoffOrderingWindow))
}

// backoffDuration is calculateBackoffDuration: initial doubled per attempt
// beyond the first, capped at max.
func backoffDuration(count int, initial, maxBackoff time.Duration) time.Duration {
	if count <= 0 {
		return 0
	}
	shift := count - 1
	if shift >= 62 || initial > maxBackoff>>shift {
		return maxBackoff
	}
	return initial << shift
}

// backoffTime is getBackoffTime: when the Pod's backoff ends, counted from
// the time it came back to the queue, by its consecutive errors if any,
// else its unschedulable attempts; ok is false for a Pod that never failed
// (it does not back off).
func (q *PriorityQueue) backoffTime(p *framework.QueuedPodInfo) (sim.Time, bool) {
	if q.maxBackoff == 0 {
		return 0, false
	}
	count := p.UnschedulableCount
	if p.ConsecutiveErrorsCount > 0 {
		count = p.ConsecutiveErrorsCount
	}
	if count == 0 {
		return 0, false
	}
	if !p.HasBackoff {
		p.BackoffExpiration = alignToWindow(p.Timestamp.Add(backoffDuration(count, q.initialBackoff, q.maxBackoff)))
		p.HasBackoff = true
	}
	return p.BackoffExpiration, true
}

// isBackingOff reports whether the Pod's backoff has not ended by the start
// of the current window.
func (q *PriorityQueue) isBackingOff(p *framework.QueuedPodInfo) bool {
	t, ok := q.backoffTime(p)
	if !ok {
		return false
	}
	return t >= alignToWindow(q.loop.Now())
}

// lessBackoff orders the backoffQ: earlier expiration first, then the
// active queue's order.
func (q *PriorityQueue) lessBackoff(a, b *framework.QueuedPodInfo) bool {
	ta, _ := q.backoffTime(a)
	tb, _ := q.backoffTime(b)
	if ta != tb {
		return ta < tb
	}
	return q.less(a, b)
}
