package garbagecollector

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the collector's ServiceAccount and trace actor
// (cmd/kube-controller-manager/app/core.go: NewClient("generic-garbage-collector")).
const Name = auth.ControllerGarbageCollector

// Defaults.
const (
	// DefaultWorkers is --concurrent-gc-syncs
	// (pkg/controller/garbagecollector/config/v1alpha1/defaults.go).
	DefaultWorkers = 20
	// SyncPeriod is how often the monitored resources are compared with
	// discovery (core.go, garbageCollectorController.Run: syncPeriod).
	SyncPeriod = 30 * time.Second
	// syncedPollPeriod is how often WaitForCacheSync looks at the
	// monitors (client-go tools/cache/shared_informer.go).
	syncedPollPeriod = 100 * time.Millisecond
)

// GarbageCollector is pkg/controller/garbagecollector: it builds the
// ownerReference graph from informers on every deletable resource and
// deletes, orphans or unblocks objects when their owners go. It
// implements controller.Controller; Start after Stop begins afresh.
type GarbageCollector struct {
	workers int

	ctx    *controller.Context
	loop   *sim.Loop
	log    *trace.Log
	client *client.Client

	monitors []*monitor
	graph    *graph
	absent   *absentCache

	attemptToDelete, attemptToOrphan *nodeQueue
	deleteRunner, orphanRunner       *workqueue.Runner
	syncWait, resync                 *sim.Timer
	syncDeadline                     sim.Time
	stopped                          bool
}

// New returns a stopped collector with the default number of workers.
func New() *GarbageCollector { return &GarbageCollector{workers: DefaultWorkers} }

// Name returns "generic-garbage-collector".
func (gc *GarbageCollector) Name() string { return Name }

// Start registers the monitors on the manager's informers (the manager
// starts them) and begins collecting once every monitor has synced; it
// compares the monitored resources with the served ones every
// SyncPeriod.
func (gc *GarbageCollector) Start(ctx *controller.Context) {
	gc.ctx, gc.loop, gc.log = ctx, ctx.Env.Loop, ctx.Env.Log
	gc.client = ctx.ClientFor(Name)
	gc.graph, gc.absent = newGraph(), newAbsentCache(absentOwnerCacheSize)
	gc.monitors, gc.stopped = nil, false
	gc.attemptToDelete = newNodeQueue(gc.loop)
	gc.attemptToOrphan = newNodeQueue(gc.loop)
	gc.syncMonitors()
	gc.resync = gc.loop.After(SyncPeriod, gc.periodicSync)
	gc.syncDeadline = gc.loop.Now().Add(SyncPeriod)
	gc.waitForCacheSync()
}

// Stop ends the collector at once: monitors removed, queues shut down,
// the graph forgotten.
func (gc *GarbageCollector) Stop() {
	if gc.stopped || gc.graph == nil {
		return
	}
	gc.stopped = true
	for _, m := range gc.monitors {
		_ = m.inf.RemoveEventHandler(m.reg)
	}
	gc.monitors = nil
	for _, t := range []*sim.Timer{gc.syncWait, gc.resync} {
		if t != nil {
			t.Stop()
		}
	}
	for _, r := range []*workqueue.Runner{gc.deleteRunner, gc.orphanRunner} {
		if r != nil {
			r.Stop()
		}
	}
	gc.attemptToDelete.q.ShutDown()
	gc.attemptToOrphan.q.ShutDown()
	gc.client.Stop()
}

// waitForCacheSync is Run's WaitForNamedCacheSync on the monitors: look
// now, then every 100 ms, and start the workers once all have synced.
// (Run gives up waiting after SyncPeriod and starts anyway.)
func (gc *GarbageCollector) waitForCacheSync() {
	gc.syncWait = nil
	if gc.stopped {
		return
	}
	if !gc.synced() && gc.loop.Now() < gc.syncDeadline {
		gc.syncWait = gc.loop.After(syncedPollPeriod, gc.waitForCacheSync)
		return
	}
	gc.deleteRunner = workqueue.RunWorkers(gc.attemptToDelete.q, gc.workers, gc.attemptToDeleteWorker, workqueue.Options{})
	gc.orphanRunner = workqueue.RunWorkers(gc.attemptToOrphan.q, gc.workers, gc.attemptToOrphanWorker, workqueue.Options{})
}

// kindOf resolves an apiVersion and kind as the REST mapper does.
func (gc *GarbageCollector) kindOf(apiVersion, kind string) (*object.KindInfo, error) {
	k, ok := gc.ctx.Env.Kinds.ByKind(apiVersion, kind)
	if !ok || k.BodyOnly {
		return nil, &restMappingError{kind: kind, version: apiVersion}
	}
	return k, nil
}

var _ controller.Controller = (*GarbageCollector)(nil)

// monitor is one resource the collector watches: its handler on the
// manager's shared informer.
type monitor struct {
	kind *object.KindInfo
	inf  *cache.SharedInformer
	reg  *cache.Registration
}
