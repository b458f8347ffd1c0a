// Package ctrlloop is the lifecycle of a controller that runs on its own,
// outside kube-controller-manager, as a cloud provider's service
// controller, a CSI external-provisioner, an operator or an Ingress or
// Gateway controller does: a client of its own identity, its own
// informers, one work queue, and workers that start once the informers
// have synced (cache.WaitForCacheSync, then RunWorkers, as those
// controllers' Run functions do).
package ctrlloop

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Loop is one run of a controller, from Start to Stop.
type Loop struct {
	// Client is the controller's client; Factory makes its informers;
	// Queue holds the keys its workers reconcile.
	Client  *client.Client
	Factory *cache.Factory
	Queue   *workqueue.Queue

	env     *env.Env
	workers workqueue.Workers
}

// New makes a loop's client, as actor presenting token, its informer
// factory and its queue. Nothing runs until Run.
func New(e *env.Env, actor trace.Actor, token string) *Loop {
	c := e.Client(actor, token)
	return &Loop{Client: c, Factory: cache.NewFactory(c, 0), Queue: workqueue.New(e.Loop, nil), env: e}
}

// Run starts the informers made so far and, once they have synced,
// workers workers reconciling the queue's keys with sync, then calls
// synced when it is not nil.
func (l *Loop) Run(workers int, sync workqueue.ReconcileFunc, opts workqueue.Options, synced func()) {
	l.Factory.Start()
	l.workers.StartWhenSynced(l.env.Loop, l.Factory.HasSynced, l.Queue, workers, sync, opts, synced)
}

// Stop ends the loop at once: the wait for the caches, the workers, the
// queue, the informers' watches and the client's retries.
func (l *Loop) Stop() {
	l.workers.Stop()
	l.Queue.ShutDown()
	l.Factory.Shutdown()
	l.Client.Stop()
}
