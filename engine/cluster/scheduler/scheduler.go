package scheduler

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/leaderelection"
	"github.com/loopbook/loopbook/engine/cluster/object"
	schedcache "github.com/loopbook/loopbook/engine/cluster/scheduler/cache"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/plugins"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/queue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Identity and names kube-scheduler uses.
const (
	// User is the identity kube-scheduler authenticates as
	// (system:kube-scheduler, bound to the ClusterRole of that name).
	User = "system:kube-scheduler"
	// LeaseName is the Lease in kube-system its replicas campaign for
	// (component-base leader election, ResourceName "kube-scheduler").
	LeaseName = "kube-scheduler"
	// PodInformerFieldSelector keeps terminated Pods out of the Pod
	// informer (pkg/scheduler/scheduler.go, newPodInformer).
	PodInformerFieldSelector = "status.phase!=Succeeded,status.phase!=Failed"
)

// Config configures one kube-scheduler replica.
type Config struct {
	Env *env.Env
	// Name is the replica's trace actor: "scheduler", "scheduler-2".
	Name trace.Actor
	// Hostname is the first part of the Lease holder identity; default
	// Name.
	Hostname string
	// Token is the bearer token of system:kube-scheduler ("" sends none).
	Token string
	// DisableLeaderElection is --leader-elect=false: the replica schedules
	// from its start, without a Lease. By default it campaigns for the
	// kube-system/kube-scheduler Lease and schedules only while it leads.
	DisableLeaderElection bool
	// PercentageOfNodesToScore is the profile's setting: 0 (the default)
	// is adaptive, 50 − nodes/125 percent with a floor of 5 %; 100 scores
	// every node.
	PercentageOfNodesToScore int32
}

// Scheduler is one kube-scheduler replica. It implements env.Actor.
type Scheduler struct {
	cfg     Config
	env     *env.Env
	podKind *object.KindInfo
	nodes   *object.KindInfo
	events  *object.KindInfo

	// Process state: made by Start, dropped by Stop.
	proc      int // counts processes, so callbacks of a dead one are ignored
	identity  string
	leClient  *client.Client
	leEvents  *record.Recorder
	elector   *leaderelection.Elector
	client    *client.Client
	factory   *cache.Factory
	podInf    *cache.SharedInformer
	nodeInf   *cache.SharedInformer
	vols      volumeInformers
	cache     *schedcache.Cache
	queue     *queue.PriorityQueue
	fwk       *framework.Framework
	recorder  *recorder
	nominator *nominator

	running, leading bool
	pumpPosted       bool
	// nextStartNodeIndex is where the next search for feasible nodes
	// starts, so that every node gets its turn (schedule_one.go).
	nextStartNodeIndex int
	stats              Stats
	// state and feasible are reused from one cycle to the next.
	state    framework.CycleState
	feasible []*framework.NodeInfo
}

// Stats counts what a replica did since it started.
type Stats struct {
	Attempts, Scheduled, Unschedulable, Errors, Preemptions int
	// NodesEvaluated sums the nodes filtered over all attempts.
	NodesEvaluated int
}

// New returns a stopped replica.
func New(cfg Config) *Scheduler {
	if cfg.Name == "" {
		cfg.Name = trace.Scheduler
	}
	return &Scheduler{cfg: cfg, env: cfg.Env,
		podKind: cfg.Env.Kind("", "Pod"), nodes: cfg.Env.Kind("", "Node"), events: cfg.Env.Kind("", "Event")}
}

// Name returns the replica's trace actor.
func (s *Scheduler) Name() trace.Actor { return s.cfg.Name }

// Running reports whether the process runs.
func (s *Scheduler) Running() bool { return s.running }

// Leading reports whether the replica holds the lease and schedules.
func (s *Scheduler) Leading() bool { return s.leading }

// Stats returns the replica's counters.
func (s *Scheduler) Stats() Stats { return s.stats }

// Start starts the process: its client, cache, queue and informers, and its
// campaign for the Lease (kube-scheduler starts its informers before it
// campaigns, so a standby keeps warm caches). It schedules once it leads.
func (s *Scheduler) Start() {
	if s.running {
		return
	}
	s.running = true
	s.startProcess()
}

// Stop kills the process: informers, timers, Lease tries, retries and every
// in-memory state (cache, queue, assumed Pods) are gone; the Lease is left
// to expire.
func (s *Scheduler) Stop() {
	if !s.running {
		return
	}
	s.running = false
	s.stopProcess()
}

// kick makes sure a scheduling pass is due when a Pod is ready.
func (s *Scheduler) kick() {
	if !s.leading || s.pumpPosted || !s.queue.Ready() {
		return
	}
	s.pumpPosted = true
	s.env.Loop.Post(s.env.Loop.Now(), sim.Func(s.pump))
}

// pump schedules one Pod, then yields to the loop so that other events of
// the same instant interleave, and comes back while Pods are ready
// (wait.UntilWithContext(ctx, sched.ScheduleOne, 0)).
func (s *Scheduler) pump() {
	s.pumpPosted = false
	if !s.leading || !s.podInf.HasSynced() || !s.nodeInf.HasSynced() || !s.vols.synced() {
		return
	}
	if p := s.queue.Pop(); p != nil {
		s.scheduleOne(p)
	}
	s.kick()
}

// NodeInfos returns the nodes in the order the scheduler evaluates them
// (plugins.Handle).
func (s *Scheduler) NodeInfos() []*framework.NodeInfo { return s.cache.NodeInfos() }

// Volumes returns what VolumeBinding reads and writes, for the current
// process (plugins.Handle).
func (s *Scheduler) Volumes() plugins.Volumes { return volumeAccess{s: s, proc: s.proc} }

// Framework returns the profile's framework (plugins.Handle).
func (s *Scheduler) Framework() *framework.Framework { return s.fwk }

// QueueLens returns how many Pods wait in activeQ, backoffQ and the
// unschedulable pool.
func (s *Scheduler) QueueLens() (active, backoff, unschedulable int) {
	if s.queue == nil {
		return 0, 0, 0
	}
	return s.queue.Lens()
}
