package sim

import "time"

// Loop is the event loop: a virtual clock and a queue of events ordered by
// (time, sequence). A Loop is driven from one goroutine; it is not safe for
// concurrent use, by design. The zero Loop is not usable; call [NewLoop].
type Loop struct {
	now   Time
	seq   uint64
	q     queue
	fired uint64
	// firing is the timer whose event Step is running, its entry left at
	// the root of the queue for the timer to re-arm (see Step), or nil.
	firing     *Timer
	firingSlot int32 // firing's slot
}

// NewLoop returns a loop at the start of the run (Time 0) with nothing
// scheduled.
func NewLoop() *Loop { return &Loop{q: newQueue()} }

// Now returns the current virtual instant.
func (l *Loop) Now() Time { return l.now }

// Fired returns how many events the loop has run.
func (l *Loop) Fired() uint64 { return l.fired }

// Pending returns how many events are scheduled.
func (l *Loop) Pending() int {
	if l.firing != nil {
		return len(l.q.e) - 1
	}
	return len(l.q.e)
}

// Next returns the instant of the earliest scheduled event, and false when
// nothing is scheduled.
func (l *Loop) Next() (Time, bool) {
	l.settle()
	if len(l.q.e) == 0 {
		return 0, false
	}
	return l.q.e[0].at, true
}

// At schedules fn to run at the instant t and returns its timer.
func (l *Loop) At(t Time, fn func()) *Timer { return l.AtHandler(t, Func(fn)) }

// After schedules fn to run d after the current instant.
func (l *Loop) After(d time.Duration, fn func()) *Timer { return l.At(l.now.Add(d), fn) }

// AtHandler schedules h to fire at the instant t and returns its timer.
func (l *Loop) AtHandler(t Time, h Handler) *Timer {
	tm := l.NewTimer(h)
	tm.Reset(t)
	return tm
}

// NewTimer returns a timer for h that is not scheduled yet; arm it with
// [Timer.Reset].
func (l *Loop) NewTimer(h Handler) *Timer { return &Timer{loop: l, h: h, slot: -1} }

// InitTimer makes *t a timer for h that is not scheduled yet, as NewTimer
// does, for a Timer kept as a field of the value that owns it: one
// allocation fewer per owner. A zero Timer must be initialised before use
// (see [Timer.Initialized]).
func (l *Loop) InitTimer(t *Timer, h Handler) { *t = Timer{loop: l, h: h, slot: -1} }

// Post schedules h to fire at the instant t without a timer: the event
// cannot be cancelled, and scheduling it allocates nothing beyond the
// queue's own growth. It is the cheap path for one-shot deliveries.
func (l *Loop) Post(t Time, h Handler) {
	if t < l.now {
		t = l.now
	}
	l.seq++
	l.q.push(t, l.seq, h, nil)
}

// Step runs the earliest scheduled event, first moving the clock to its
// instant. It reports false, and does nothing, when nothing is scheduled.
//
// A timer's event leaves its entry at the root of the queue while it
// runs: most re-arm their own timer (a lease renewed, a probe run again
// every period), and Timer.Reset then gives the entry its new instant and
// sifts it down once, where taking it out and scheduling it anew would
// fill the root from the last leaf, sift that down and sift the new entry
// up. Whatever the event schedules or reschedules comes after it in
// (time, sequence) order, so the entry stays at the root meanwhile; an
// entry not re-armed is taken out once the event returns (settle).
func (l *Loop) Step() bool {
	l.settle()
	if len(l.q.e) == 0 {
		return false
	}
	e := l.q.e[0]
	s := l.q.slots[e.slot]
	l.now = e.at
	l.fired++
	if s.t == nil {
		l.q.remove(0)
		s.h.Fire()
		return true
	}
	s.t.slot = -1 // not pending while it runs, as after a remove
	l.firing, l.firingSlot = s.t, e.slot
	s.h.Fire()
	l.settle()
	return true
}

// due reports whether an event is scheduled at end or before.
func (l *Loop) due(end Time) bool {
	l.settle() // an entry left by a running event is not one
	return len(l.q.e) > 0 && l.q.e[0].at <= end
}

// settle takes out the entry of the timer whose event ran, if the timer
// did not re-arm it (see Step).
func (l *Loop) settle() {
	if l.firing == nil {
		return
	}
	l.firing = nil
	l.q.remove(int(l.q.slots[l.firingSlot].pos))
}

// Run runs events until none is scheduled and returns how many it ran. A
// model with periodic timers never runs dry; use [Loop.RunFor] or
// [Loop.RunUntil] for those.
func (l *Loop) Run() int {
	n := 0
	for l.Step() {
		n++
	}
	return n
}

// RunFor runs every event due within d of the current instant, then sets
// the clock to exactly now+d. Events scheduled during the run are included
// when they fall within the window.
func (l *Loop) RunFor(d time.Duration) {
	end := l.now.Add(d)
	for l.due(end) {
		l.Step()
	}
	if l.now < end {
		l.now = end
	}
}

// RunUntil runs events until cond holds, checking it before the first event
// and after every event, for at most limit of virtual time. It reports
// whether cond held. When it gives up, the clock stands at now+limit, as
// after RunFor(limit); when cond holds, the clock stays at the instant of
// the event that made it true.
func (l *Loop) RunUntil(cond func() bool, limit time.Duration) bool {
	if cond() {
		return true
	}
	end := l.now.Add(limit)
	for l.due(end) {
		l.Step()
		if cond() {
			return true
		}
	}
	if l.now < end {
		l.now = end
	}
	return false
}
