package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/leaderelection"
	"github.com/loopbook/loopbook/engine/cluster/scheduler"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// schedulerName is the actor of scheduler replica i, from 0: "scheduler",
// "scheduler-2", ….
func schedulerName(i int) trace.Actor {
	if i == 0 {
		return "scheduler"
	}
	return trace.Actor(fmt.Sprintf("scheduler-%d", i+1))
}

// schedulerProcess is one kube-scheduler process: the scheduler and its
// leader election for the kube-system/kube-scheduler Lease, which the
// scheduler package leaves to its assembly (cmd/kube-scheduler/app/server.go
// Run: informers start, then the candidate campaigns; OnStartedLeading runs
// the scheduling loop; losing the Lease exits the process, and its static
// Pod is restarted at once with a new identity, as the controller manager's
// is).
type schedulerProcess struct {
	env     *env.Env
	sched   *scheduler.Scheduler
	elector *leaderelection.Elector
	running bool
}

var _ env.Actor = (*schedulerProcess)(nil)

// Name is the replica's actor.
func (p *schedulerProcess) Name() trace.Actor { return p.sched.Name() }

// Running reports whether the process is up.
func (p *schedulerProcess) Running() bool { return p.running }

// Leading reports whether the replica schedules.
func (p *schedulerProcess) Leading() bool { return p.running && p.sched.Leading() }

// Start starts the process: informers, then the campaign.
func (p *schedulerProcess) Start() {
	if p.running {
		return
	}
	p.running = true
	p.startProcess()
}

// Stop kills the process; the Lease is left to expire.
func (p *schedulerProcess) Stop() {
	if !p.running {
		return
	}
	p.running = false
	el := p.elector
	p.elector = nil
	el.Stop()
	p.sched.Stop()
}

func (p *schedulerProcess) startProcess() {
	p.sched.Start()
	t := p.env.Timings
	var el *leaderelection.Elector
	el, err := leaderelection.New(p.env, p.env.Client(p.sched.Name(), "token-"+scheduler.User), leaderelection.Config{
		Name:          scheduler.LeaseName,
		Identity:      leaderelection.NewIdentity(string(p.sched.Name()), p.env.Rand),
		LeaseDuration: t.LeaseDuration, RenewDeadline: t.RenewDeadline, RetryPeriod: t.RetryPeriod,
		Callbacks: leaderelection.Callbacks{
			OnStartedLeading: p.sched.OnStartedLeading,
			OnStoppedLeading: func() {
				if !p.running || p.elector != el {
					return
				}
				p.sched.OnStoppedLeading()
				p.startProcess()
			},
		},
	})
	if err != nil {
		panic("cluster: scheduler leader election: " + err.Error())
	}
	p.elector = el
	el.Run()
}
