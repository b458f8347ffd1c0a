package proxy

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// runner is kube-proxy's BoundedFrequencyRunner on the loop
// (pkg/proxy/runner/bounded_frequency_runner.go, Loop and Run):
//
//   - Run asks for a run; requests made before the run happens coalesce
//     into one (the run channel holds one signal).
//   - A requested run happens at once, unless the previous run was less
//     than minInterval ago: then it happens minInterval after it.
//   - Without requests, the next run is maxInterval after the previous one,
//     or retryInterval after it when that one failed, if that is shorter.
type runner struct {
	loop *sim.Loop
	fn   func() error

	minInterval, retryInterval, maxInterval time.Duration

	signal    bool // a Run request is waiting (the run channel)
	timerDue  bool // the next-run timer fired during the cool-down
	cooling   bool // within minInterval of the previous run
	minTimer  *sim.Timer
	nextTimer *sim.Timer
	kick      *sim.Timer
}

func newRunner(loop *sim.Loop, fn func() error, minInterval, retryInterval, maxInterval time.Duration) *runner {
	r := &runner{loop: loop, fn: fn, minInterval: minInterval, retryInterval: retryInterval, maxInterval: maxInterval}
	r.minTimer = loop.NewTimer(sim.Func(r.cooled))
	r.nextTimer = loop.NewTimer(sim.Func(r.due))
	r.kick = loop.NewTimer(sim.Func(r.kicked))
	return r
}

// start begins the loop: nothing runs before a request or maxInterval.
func (r *runner) start() {
	r.signal, r.timerDue, r.cooling = false, false, false
	r.nextTimer.Reset(r.loop.Now().Add(r.maxInterval))
}

// stop ends the loop; pending requests are dropped.
func (r *runner) stop() {
	r.minTimer.Stop()
	r.nextTimer.Stop()
	r.kick.Stop()
	r.signal, r.timerDue, r.cooling = false, false, false
}

// Run requests a run. The run happens in an event of its own at the
// current instant, as the runner's goroutine picks the request up, or at
// the end of the cool-down.
func (r *runner) Run() {
	r.signal = true
	if !r.cooling && !r.kick.Pending() {
		r.kick.Reset(r.loop.Now())
	}
}

func (r *runner) kicked() {
	if !r.cooling && r.signal {
		r.run()
	}
}

func (r *runner) due() {
	if r.cooling {
		r.timerDue = true
		return
	}
	r.run()
}

func (r *runner) cooled() {
	r.cooling = false
	if r.signal || r.timerDue {
		r.run()
	}
}

func (r *runner) run() {
	r.signal, r.timerDue = false, false
	r.kick.Stop()
	r.nextTimer.Stop()
	next := r.maxInterval
	if err := r.fn(); err != nil && r.retryInterval < next {
		next = r.retryInterval
	}
	now := r.loop.Now()
	r.nextTimer.Reset(now.Add(next))
	r.cooling = true
	r.minTimer.Reset(now.Add(r.minInterval))
}
