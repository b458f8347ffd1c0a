package cache

// The reflector's two timers call it through these handler types, which
// are the Reflector itself under another name, so arming a timer needs no
// closure.

// wakeHandler fires the backoff or rewatch wake-up.
type wakeHandler Reflector

// Fire implements sim.Handler.
func (h *wakeHandler) Fire() { (*Reflector)(h).fire() }

// resyncHandler fires a resync check.
type resyncHandler Reflector

// Fire implements sim.Handler.
func (h *resyncHandler) Fire() { (*Reflector)(h).fireResync() }

// armResync schedules the next resync check ResyncPeriod from now, making
// the timer on first use.
func (r *Reflector) armResync() {
	if !r.resync.Initialized() {
		r.loop.InitTimer(&r.resync, (*resyncHandler)(r))
	}
	r.resync.Reset(r.loop.Now().Add(r.ResyncPeriod))
}

// stopResync cancels the next resync check, if any.
func (r *Reflector) stopResync() {
	if r.resync.Initialized() {
		r.resync.Stop()
	}
}
