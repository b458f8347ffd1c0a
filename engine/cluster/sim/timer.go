package sim

// Handler is what an event runs. Actors that wake up often implement it on
// a type they already have, so scheduling them allocates nothing.
type Handler interface {
	Fire()
}

// Func adapts a plain function to a [Handler].
type Func func()

// Fire calls f.
func (f Func) Fire() { f() }

// Timer is a cancellable scheduled event. A Timer can be re-armed with
// [Timer.Reset], so an actor with a periodic duty (a lease renewal, a
// resync) needs one Timer for its whole life.
type Timer struct {
	loop *Loop
	h    Handler
	at   Time
	slot int32 // the loop's slot for the pending event; -1 when not pending
}

// Stop cancels the timer. It reports whether the timer was pending, that
// is whether this call prevented it from firing. A stopped timer never
// fires unless it is Reset.
func (t *Timer) Stop() bool {
	if t.slot < 0 {
		return false
	}
	q := &t.loop.q
	q.remove(int(q.slots[t.slot].pos))
	return true
}

// Reset schedules the timer to fire at the instant at (the current instant
// if at is in the past), cancelling any pending firing. It reports whether
// the timer was pending. A reset timer is ordered after every event already
// scheduled for the same instant.
func (t *Timer) Reset(at Time) bool {
	l := t.loop
	if at < l.now {
		at = l.now
	}
	t.at = at
	l.seq++
	if t.slot >= 0 {
		i := int(l.q.slots[t.slot].pos)
		e := &l.q.e[i]
		e.at, e.seq = at, l.seq
		l.q.fix(i)
		return true
	}
	if t == l.firing {
		// Re-armed from its own event: its entry, still in the queue
		// (see Loop.Step), takes the new instant.
		l.firing = nil
		i := int(l.q.slots[l.firingSlot].pos)
		e := &l.q.e[i]
		e.at, e.seq = at, l.seq
		l.q.fix(i)
		t.slot = l.firingSlot
		return false
	}
	t.slot = l.q.push(at, l.seq, t.h, t)
	return false
}

// Initialized reports whether t was made by NewTimer or InitTimer; a zero
// Timer was not, and must not be used.
func (t *Timer) Initialized() bool { return t.loop != nil }

// When returns the instant the timer is (or was last) set to fire at.
func (t *Timer) When() Time { return t.at }

// Pending reports whether the timer is scheduled and has not fired.
func (t *Timer) Pending() bool { return t.slot >= 0 }
