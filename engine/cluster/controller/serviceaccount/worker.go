package serviceaccount

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// syncedPollPeriod is how often WaitForCacheSync looks at the informers
// (client-go tools/cache/shared_informer.go).
const syncedPollPeriod = 100 * time.Millisecond

// worker is what both controllers share: a client, a queue of namespace
// names with the default controller rate limiter, one worker started once
// the registered handlers have synced, and RECONCILE events on
// namespaces.
type worker struct {
	name     string
	loop     *sim.Loop
	log      *trace.Log
	client   *client.Client
	queue    *workqueue.Queue
	runner   *workqueue.Runner
	regs     []registration
	syncWait *sim.Timer
	sync     workqueue.ReconcileFunc
}

type registration struct {
	inf *cache.SharedInformer
	reg *cache.Registration
	// wait says whether the worker waits for this handler to sync.
	wait bool
}

func (w *worker) start(ctx *controller.Context, name string, sync workqueue.ReconcileFunc) {
	w.name, w.loop, w.log, w.sync = name, ctx.Env.Loop, ctx.Env.Log, sync
	w.client = ctx.ClientFor(name)
	w.queue = workqueue.New(w.loop, nil)
	w.regs, w.runner = nil, nil
}

// handler is one handler to register: whether the worker waits for it
// to sync, and its resync period (nil: the informer's default, as
// AddEventHandler).
type handler struct {
	h      cache.ResourceEventHandler
	wait   bool
	resync *time.Duration
}

// handle registers a handler on inf.
func (w *worker) handle(inf *cache.SharedInformer, h handler) {
	var reg *cache.Registration
	var err error
	if h.resync == nil {
		reg, err = inf.AddEventHandler(h.h)
	} else {
		reg, err = inf.AddEventHandlerWithResyncPeriod(h.h, *h.resync)
	}
	if err == nil {
		w.regs = append(w.regs, registration{inf, reg, h.wait})
	}
}

// waitForCacheSync is WaitForNamedCacheSync: look now, then every 100 ms.
func (w *worker) waitForCacheSync() {
	w.syncWait = nil
	if w.queue == nil || w.queue.ShuttingDown() {
		return
	}
	for _, r := range w.regs {
		if r.wait && !r.reg.HasSynced() {
			w.syncWait = w.loop.After(syncedPollPeriod, w.waitForCacheSync)
			return
		}
	}
	w.runner = workqueue.RunWorkers(w.queue, 1, w.sync, workqueue.Options{
		Actor: trace.Actor(w.name), Log: w.log, Resource: "namespaces"})
}

func (w *worker) stop() {
	if w.queue == nil || w.queue.ShuttingDown() {
		return
	}
	for _, r := range w.regs {
		_ = r.inf.RemoveEventHandler(r.reg)
	}
	w.regs = nil
	if w.syncWait != nil {
		w.syncWait.Stop()
	}
	if w.runner != nil {
		w.runner.Stop()
	}
	w.queue.ShutDown()
	w.client.Stop()
}
