package flowcontrol

// maxRetryAfter is the largest Retry-After, in seconds
// (k8s.io/apiserver/pkg/util/flowcontrol/dropped_requests_tracker.go).
const maxRetryAfter = 32

// droppedStat counts the requests a level rejected in one second.
type droppedStat struct {
	unix, requests int64
}

// droppedRequests computes the Retry-After of a level's 429s as
// Kubernetes' droppedRequestsStats does: it starts at 1 s; when the first
// rejection of a new second finds at least 3×retryAfter rejections in the
// previous retryAfter seconds, and retryAfter seconds have passed since
// the last increase, it doubles (at most 32 s); when it finds fewer than
// retryAfter, it drops by one. Seconds are those of the virtual clock as
// a Unix time.
type droppedRequests struct {
	history      []droppedStat
	currentUnix  int64
	currentCount int64
	retryAfter   int64
	updatedUnix  int64
}

func newDroppedRequests() droppedRequests { return droppedRequests{retryAfter: 1} }

// record notes a rejection in the second unix and returns the Retry-After
// to send with it.
func (d *droppedRequests) record(unix int64) int64 {
	if d.currentUnix == unix {
		d.currentCount++
		return d.retryAfter
	}
	d.updateHistory(d.currentUnix, d.currentCount)
	d.currentUnix, d.currentCount = unix, 1
	d.updateRetryAfter(unix)
	return d.retryAfter
}

func (d *droppedRequests) updateHistory(unix, count int64) {
	d.history = append(d.history, droppedStat{unix: unix, requests: count})
	keep := min(2*d.retryAfter, maxRetryAfter)
	start := 0
	for start < len(d.history) && unix-d.history[start].unix > keep {
		start++
	}
	if start > 0 {
		d.history = append(d.history[:0], d.history[start:]...)
	}
}

func (d *droppedRequests) updateRetryAfter(unix int64) {
	var dropped int64
	for i := len(d.history) - 1; i >= 0; i-- {
		if unix-d.history[i].unix > d.retryAfter {
			break
		}
		if d.history[i].unix < unix {
			dropped += d.history[i].requests
		}
	}
	if unix-d.updatedUnix >= d.retryAfter && dropped >= 3*d.retryAfter {
		d.retryAfter = min(2*d.retryAfter, maxRetryAfter)
		d.updatedUnix = unix
		return
	}
	if dropped < d.retryAfter && d.retryAfter > 1 {
		d.retryAfter--
	}
}
