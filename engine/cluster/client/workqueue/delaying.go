package workqueue

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// waitFor is a key waiting for its instant (delaying_queue.go).
type waitFor struct {
	q     *Queue
	key   string
	timer *sim.Timer
}

// Fire adds the key once its delay has passed.
func (w *waitFor) Fire() {
	delete(w.q.waiting, w.key)
	w.q.Add(w.key)
}

// AddAfter adds key once d has passed (at once when d <= 0). A key already
// waiting keeps the earlier of its two instants.
func (q *Queue) AddAfter(key string, d time.Duration) {
	if q.shuttingDown {
		return
	}
	if d <= 0 {
		q.Add(key)
		return
	}
	at := q.loop.Now().Add(d)
	if w, ok := q.waiting[key]; ok {
		if w.timer.When() > at {
			w.timer.Reset(at)
		}
		return
	}
	w := &waitFor{q: q, key: key}
	w.timer = q.loop.NewTimer(w)
	w.timer.Reset(at)
	q.waiting[key] = w
}

// Waiting returns the number of keys waiting for a delay to pass.
func (q *Queue) Waiting() int { return len(q.waiting) }
