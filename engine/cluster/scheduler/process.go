package scheduler

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/leaderelection"
	schedcache "github.com/loopbook/loopbook/engine/cluster/scheduler/cache"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/plugins"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/queue"
)

func (s *Scheduler) startProcess() {
	s.proc++
	s.client = s.env.Client(s.cfg.Name, s.cfg.Token)
	s.cache = schedcache.New()
	s.nominator = newNominator()
	s.fwk = framework.NewFramework(framework.DefaultSchedulerName, plugins.DefaultProfile(s))
	s.fwk.PercentageOfNodesToScore = s.cfg.PercentageOfNodesToScore
	t := s.env.Timings
	s.queue = queue.New(queue.Config{Loop: s.env.Loop, Framework: s.fwk,
		InitialBackoff: t.PodInitialBackoff, MaxBackoff: t.PodMaxBackoff, MaxInUnschedulable: t.PodMaxInUnschedulable,
		OnReady: s.kick})
	s.recorder = newRecorder(s)
	s.factory = cache.NewFactory(s.client, 0)
	s.podInf = s.factory.FilteredInformer(s.podKind, cache.Filter{FieldSelector: PodInformerFieldSelector})
	s.nodeInf = s.factory.Informer(s.nodes)
	s.addEventHandlers()
	s.startVolumeInformers()
	s.factory.Start()
	if s.cfg.DisableLeaderElection {
		s.startedLeading()
		return
	}
	s.campaign()
}

// campaign runs for the kube-scheduler Lease with a fresh identity
// (hostname_uuid), through a client of its own (client-go's
// "leader-election" client, with the same credential).
func (s *Scheduler) campaign() {
	proc := s.proc
	hostname := s.cfg.Hostname
	if hostname == "" {
		hostname = string(s.cfg.Name)
	}
	s.identity = leaderelection.NewIdentity(hostname, s.env.Rand)
	s.leClient = s.env.Client(s.cfg.Name, s.cfg.Token)
	// The LeaderElection Events go through the core/v1 Event recorder
	// (CoreEventRecorder), whose source is the profile's scheduler name.
	s.leEvents = record.New(s.leClient, s.env.Kinds, framework.DefaultSchedulerName, "")
	t := s.env.Timings
	el, err := leaderelection.New(s.env, s.leClient, leaderelection.Config{
		Name: LeaseName, Identity: s.identity, EventRecorder: s.leEvents,
		LeaseDuration: t.LeaseDuration, RenewDeadline: t.RenewDeadline, RetryPeriod: t.RetryPeriod,
		Callbacks: leaderelection.Callbacks{
			OnStartedLeading: func() {
				if s.proc == proc && s.running {
					s.startedLeading()
				}
			},
			OnStoppedLeading: func() { s.stoppedLeading(proc) },
		},
	})
	if err != nil {
		// A bad timing is a programming error, as RunOrDie panics on it.
		panic("scheduler: " + err.Error())
	}
	s.elector = el
	el.Run()
}

func (s *Scheduler) stopProcess() {
	s.leading = false
	if s.elector != nil {
		s.elector.Stop()
		s.leClient.Stop()
		s.leEvents.Stop()
	}
	s.factory.Shutdown()
	s.queue.Close()
	s.recorder.stop()
	s.client.Stop()
	s.elector, s.leClient, s.leEvents, s.identity = nil, nil, nil, ""
	s.client, s.factory, s.podInf, s.nodeInf, s.vols = nil, nil, nil, nil, volumeInformers{}
	s.cache, s.queue, s.fwk, s.recorder, s.nominator = nil, nil, nil, nil, nil
	s.nextStartNodeIndex = 0
}

// startedLeading is OnStartedLeading: sched.Run, the queue's flushes and
// the scheduling loop.
func (s *Scheduler) startedLeading() {
	if s.leading {
		return
	}
	s.leading = true
	s.queue.Run()
	s.kick()
}

// stoppedLeading is OnStoppedLeading. When the process is being killed
// there is nothing more to do. Otherwise the lease was lost:
// kube-scheduler exits ("Leaderelection lost") and, as its supervisor
// restarts it, the model starts a new process at once, cold, with a new
// identity.
func (s *Scheduler) stoppedLeading(proc int) {
	if s.proc != proc || !s.running {
		return
	}
	s.stopProcess()
	s.startProcess()
}

// Identity is the current process's Lease holder identity ("" without
// leader election or when stopped).
func (s *Scheduler) Identity() string { return s.identity }
