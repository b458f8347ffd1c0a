package leaderelection

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Elector is one candidate for one Lease (client-go's LeaderElector). It
// is created stopped: Run starts campaigning, Stop ends it for good (a
// stopped Elector is not run again; a restarted process makes a new one,
// with a new identity). It is used from the loop's goroutine only.
type Elector struct {
	cfg    Config
	lock   LeaseLock
	loop   *sim.Loop
	log    *trace.Log
	client *client.Client

	// What the candidate last observed of the record, and when
	// (observedRecord, observedRawRecord and observedTime in client-go).
	observed     Record
	observedRaw  raw
	observedTime sim.Time
	// reported is the leader last reported to OnNewLeader.
	reported string

	state    state
	ran      bool
	timer    *sim.Timer
	next     step     // what the timer runs
	deadline sim.Time // end of the current renewal poll
}

// state is where an Elector is in client-go's Run: acquire, then renew.
type state uint8

const (
	stopped   state = iota // not started, or ended
	acquiring              // trying every RetryPeriod with jitter
	leading                // renewing every RetryPeriod
)

// New returns a candidate that talks to the API server through c, whose
// actor names it in the trace. It fails as client-go's NewLeaderElector
// fails for an invalid configuration, after the zero durations take their
// defaults.
func New(e *env.Env, c *client.Client, cfg Config) (*Elector, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	kind := e.Kind("coordination.k8s.io", "Lease")
	el := &Elector{cfg: cfg, loop: e.Loop, log: e.Log, client: c,
		lock: LeaseLock{Namespace: cfg.Namespace, Name: cfg.Name, Identity: cfg.Identity,
			client: c, kind: kind}}
	el.timer = e.Loop.NewTimer(sim.Func(el.fire))
	return el, nil
}

// Run starts campaigning: the first try is made at once.
func (e *Elector) Run() {
	if e.ran {
		return
	}
	e.ran, e.state = true, acquiring
	e.tryAcquire()
}

// Stop ends the elector, as cancelling client-go's Run context does: no
// more tries; a leader releases the Lease only with ReleaseOnCancel;
// OnStoppedLeading is called.
func (e *Elector) Stop() {
	if e.state == stopped {
		return
	}
	e.timer.Stop()
	e.end()
}

// Identity is the candidate's holderIdentity.
func (e *Elector) Identity() string { return e.cfg.Identity }

// Leading reports whether the candidate is leading: it acquired the Lease
// and has not stopped leading since.
func (e *Elector) Leading() bool { return e.state == leading }

// IsLeader reports whether the last observed holder is this candidate
// (LeaderElector.IsLeader); it stays true after leadership was lost until
// another holder is observed.
func (e *Elector) IsLeader() bool { return e.observed.HolderIdentity == e.cfg.Identity }

// GetLeader returns the last observed holder, "" before any.
func (e *Elector) GetLeader() string { return e.observed.HolderIdentity }

// Observed returns the record last observed and when it was observed to
// change: the instant from which the Lease's validity is judged.
func (e *Elector) Observed() (Record, sim.Time) { return e.observed, e.observedTime }

// step is what the Elector's timer runs when it fires. It is a value
// rather than a func so that scheduling one allocates nothing (a method
// value such as e.renewPoll is a new closure each time it is taken).
type step uint8

const (
	stepNone       step = iota
	stepTryAcquire      // tryAcquire
	stepRenewPoll       // renewPoll
	stepTryRenew        // tryRenew
	stepLose            // lose
)

// schedule runs s after d.
func (e *Elector) schedule(d time.Duration, s step) { e.scheduleAt(e.loop.Now().Add(d), s) }

// scheduleAt runs s at t.
func (e *Elector) scheduleAt(t sim.Time, s step) {
	e.next = s
	e.timer.Reset(t)
}

// fire runs the step scheduled last.
func (e *Elector) fire() {
	switch e.next {
	case stepTryAcquire:
		e.tryAcquire()
	case stepRenewPoll:
		e.renewPoll()
	case stepTryRenew:
		e.tryRenew()
	case stepLose:
		e.lose()
	}
}
