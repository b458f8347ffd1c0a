package workqueue

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Workers are a controller's workers as its Run function starts them:
// once the informers it reads have synced (cache.WaitForCacheSync), then
// RunWorkers. The zero value has not started.
type Workers struct {
	wait   *cache.Waiter
	runner *Runner
}

// StartWhenSynced runs workers workers reconciling q's keys with
// reconcile once synced reports true, then calls started when it is not
// nil.
func (w *Workers) StartWhenSynced(loop *sim.Loop, synced func() bool, q *Queue, workers int, reconcile ReconcileFunc, opts Options, started func()) {
	w.runner = nil
	w.wait = cache.WaitForCacheSync(loop, synced, func() {
		w.runner = RunWorkers(q, workers, reconcile, opts)
		if started != nil {
			started()
		}
	})
}

// Stop gives up the wait for the caches and stops the workers, if they
// run (which shuts their queue down). Stopping Workers that never started,
// or that stopped, does nothing.
func (w *Workers) Stop() {
	w.wait.Stop()
	w.wait = nil
	if w.runner != nil {
		w.runner.Stop()
		w.runner = nil
	}
}
