package leaderelection

// tryAcquire is one turn of client-go's acquire loop
// (wait.JitterUntilWithContext(…, RetryPeriod, JitterFactor, sliding
// true)): try, report a new leader, and either become leader or try
// again a jittered RetryPeriod after this try.
func (e *Elector) tryAcquire() {
	ok := e.tryAcquireOrRenew()
	e.maybeReportTransition()
	if !ok {
		e.schedule(e.client.Jitter(e.cfg.RetryPeriod, JitterFactor), stepTryAcquire)
		return
	}
	e.state = leading
	e.elect(outcomeAcquired)
	e.recordEvent("became leader")
	// renew's wait.Until runs its first poll at once, while
	// OnStartedLeading starts on its own goroutine.
	e.renewPoll()
	if e.state == leading {
		e.cfg.Callbacks.OnStartedLeading()
	}
}

// renewPoll starts one renewal (wait.PollUntilContextTimeout with
// RetryPeriod, RenewDeadline, immediate): its first try is now.
func (e *Elector) renewPoll() {
	e.deadline = e.loop.Now().Add(e.cfg.RenewDeadline)
	e.tryRenew()
}

// tryRenew is one try of a renewal. Success ends the poll, and the next
// poll starts RetryPeriod later (wait.Until: sliding, no jitter). A
// failure is tried again RetryPeriod later, unless that is not before the
// deadline: the poll's ticker is re-armed after each tick, so the tick
// due at the deadline comes after it, and the deadline ends the poll.
func (e *Elector) tryRenew() {
	if e.tryAcquireOrRenew() {
		e.maybeReportTransition()
		e.schedule(e.cfg.RetryPeriod, stepRenewPoll)
		return
	}
	if next := e.loop.Now().Add(e.cfg.RetryPeriod); next < e.deadline {
		e.scheduleAt(next, stepTryRenew)
		return
	}
	e.scheduleAt(e.deadline, stepLose)
}

// lose ends leadership when a renewal passed its deadline ("Failed to
// renew lease … context deadline exceeded").
func (e *Elector) lose() {
	e.maybeReportTransition()
	e.elect(outcomeLost)
	e.end()
}

// end is the return of client-go's Run: a leader with ReleaseOnCancel
// gives the Lease up, then OnStoppedLeading is called.
func (e *Elector) end() {
	wasLeading := e.state == leading
	e.state = stopped
	e.next = stepNone
	if wasLeading && e.cfg.ReleaseOnCancel {
		e.release()
	}
	e.cfg.Callbacks.OnStoppedLeading()
}

// maybeReportTransition tells OnNewLeader about a holder other than the
// last one reported, and records it, unless it is this candidate (its
// acquisition is recorded as such) or nobody.
func (e *Elector) maybeReportTransition() {
	holder := e.observed.HolderIdentity
	if holder == e.reported {
		return
	}
	e.reported = holder
	if holder != "" && holder != e.cfg.Identity {
		e.elect(outcomeNewLeader)
	}
	if e.cfg.Callbacks.OnNewLeader != nil {
		e.cfg.Callbacks.OnNewLeader(holder)
	}
}

// recordEvent is LeaseLock.RecordEvent: a Normal LeaderElection Event
// about the Lease as last read or written, "<identity> <what>". Only
// "became leader" is recorded here. client-go also defers "stopped
// leading" to the end of renew, but a controller manager or scheduler
// that stops leading exits at once (OnStoppedLeading), and its Event
// broadcaster dies with it before writing that one.
func (e *Elector) recordEvent(what string) {
	if e.cfg.EventRecorder == nil || e.lock.lease == nil {
		return
	}
	e.cfg.EventRecorder.Event(e.lock.lease, "Normal", "LeaderElection", e.cfg.Identity+" "+what)
}
