package kubelet

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// tickPeriod is the period of the kubelet's PLEG relist and of its sync
// loop ticker: pkg/kubelet/kubelet.go, genericPlegRelistPeriod = 1 s, and
// syncLoop's syncTicker of one second.
const tickPeriod = time.Second

// loopState is the kubelet's sync loop: ticks on a one-second grid from
// the kubelet's start, at which it relists the runtime (PLEG) and syncs the
// Pods whose work is due. Simplifications: the relist and the sync ticker
// share one grid, and a tick is scheduled only when there is something to
// do (a runtime change to relist, a Pod waiting for the next relist, work
// due), which changes nothing a tick would do on an idle node.
type loopState struct {
	l       *life
	timer   *sim.Timer
	last    sim.Time // the instant of the last tick run; -1 before the first
	dirty   bool     // the runtime changed since the last relist
	queue   []queued // the work queue
	waiting []*podWorker
}

// queued is a Pod whose next sync is due at an instant (the kubelet's
// work queue, pkg/kubelet/util/queue).
type queued struct {
	uid string
	at  sim.Time
}

func (s *loopState) stop() {
	if s.timer != nil {
		s.timer.Stop()
	}
}

// nextTick returns the first tick of the grid at or after t that has not
// run yet.
func (s *loopState) nextTick(t sim.Time) sim.Time {
	start := s.l.started
	n := (t.Sub(start) + tickPeriod - 1) / tickPeriod
	tick := start.Add(n * tickPeriod)
	if tick <= s.last {
		tick = s.last.Add(tickPeriod)
	}
	return tick
}

// arm makes sure a tick runs at or before the first grid tick at or after
// t.
func (s *loopState) arm(t sim.Time) {
	tick := s.nextTick(t)
	if s.timer != nil && s.timer.Pending() && s.timer.When() <= tick {
		return
	}
	if s.timer == nil {
		s.timer = s.l.k.e.Loop.NewTimer(tickHandler{s.l})
	}
	s.timer.Reset(tick)
}

// tickHandler runs a tick; a Handler so that re-arming allocates nothing.
type tickHandler struct{ l *life }

func (h tickHandler) Fire() {
	if !h.l.stopped {
		h.l.loop.tick()
	}
}

// runtimeChanged is the runtime's listener: relist at the next tick.
func (l *life) runtimeChanged() {
	l.loop.dirty = true
	l.loop.arm(l.now())
}

// enqueue asks for a sync of w after d (Enqueue replaces an earlier
// request, as the work queue's map does).
func (s *loopState) enqueue(w *podWorker, d time.Duration) {
	at := s.l.now().Add(d)
	for i := range s.queue {
		if s.queue[i].uid == w.uid {
			s.queue[i].at = at
			s.arm(at)
			return
		}
	}
	s.queue = append(s.queue, queued{w.uid, at})
	s.arm(at)
}

// wait makes w sync at the next tick: a sync asked for while the worker
// was busy runs after it, once the pod cache is newer than the last sync
// (pkg/kubelet/pod_workers.go, podCache.GetNewerThan), which the next
// relist provides.
func (s *loopState) wait(w *podWorker) {
	if !w.waiting {
		w.waiting = true
		s.waiting = append(s.waiting, w)
	}
	s.arm(s.l.now())
}

func (s *loopState) tick() {
	l := s.l
	now := l.now()
	s.last = now
	if s.dirty {
		s.dirty = false
		l.relist()
	}
	// Work that is due, in order of due time then UID.
	var due []queued
	rest := s.queue[:0]
	for _, q := range s.queue {
		if q.at <= now {
			due = append(due, q)
		} else {
			rest = append(rest, q)
		}
	}
	s.queue = rest
	slices.SortFunc(due, func(a, b queued) int {
		if a.at != b.at {
			return cmp.Compare(a.at, b.at)
		}
		return strings.Compare(a.uid, b.uid)
	})
	for _, q := range due {
		if w := l.workers[q.uid]; w != nil {
			w.tickSync(now)
		}
	}
	waiting := s.waiting
	s.waiting = nil
	for _, w := range waiting {
		w.waiting = false
		if l.workers[w.uid] == w {
			w.tickSync(now)
		}
	}
	// Re-arm for what is left.
	for _, q := range s.queue {
		s.arm(q.at)
	}
}

// tickSync syncs w once per tick, however many reasons the tick has to:
// the pod worker merges the updates it gets while it works into one
// (pod_workers.go, pendingUpdate).
func (w *podWorker) tickSync(now sim.Time) {
	if w.tickedAt == now {
		return
	}
	w.tickedAt = now
	w.syncOrWait()
}
