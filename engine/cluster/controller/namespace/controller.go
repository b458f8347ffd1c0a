package namespace

import (
	"errors"
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's ServiceAccount and trace actor
// (core.go: NewClientConfig("namespace-controller")).
const Name = auth.ControllerNamespace

// Defaults and constants, with their sources.
const (
	// FinalizerKubernetes is the finalizer the controller owns
	// (v1.FinalizerKubernetes).
	FinalizerKubernetes = "kubernetes"
	// DeletionGracePeriod delays every pass after a namespace event
	// (namespace_controller.go, namespaceDeletionGracePeriod).
	DeletionGracePeriod = 5 * time.Second
	// SyncPeriod is --namespace-sync-period
	// (pkg/controller/namespace/config/v1alpha1/defaults.go).
	SyncPeriod = 5 * time.Minute
	// DefaultWorkers is --concurrent-namespace-syncs (same file).
	DefaultWorkers = 10
)

// Controller is the namespace controller. Start after Stop begins afresh.
type Controller struct {
	loop    *sim.Loop
	log     *trace.Log
	kinds   *object.Registry
	client  *client.Client
	nsKind  *object.KindInfo
	podKind *object.KindInfo
	inf     *cache.SharedInformer
	reg     *cache.Registration
	lister  cache.Lister
	queue   *workqueue.Queue
	workers workqueue.Workers
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "namespace-controller".
func (c *Controller) Name() string { return Name }

// Start registers the handler (an added or updated Namespace being
// deleted is queued after DeletionGracePeriod; every SyncPeriod again)
// and runs the workers once the informer has synced.
func (c *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	c.loop, c.log, c.kinds = e.Loop, e.Log, e.Kinds
	c.client = ctx.ClientFor(Name)
	c.nsKind, c.podKind = e.Kind("", "Namespace"), e.Kind("", "Pod")
	c.inf = ctx.Informers.Informer(c.nsKind)
	c.lister = c.inf.Lister()
	c.queue = workqueue.New(c.loop, rateLimiter(c.loop))
	c.reg, _ = c.inf.AddEventHandlerWithResyncPeriod(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.enqueue,
		UpdateFunc: func(_, ns *object.Object) { c.enqueue(ns) },
	}, SyncPeriod)
	synced := c.inf.HasSynced
	c.workers.StartWhenSynced(c.loop, synced, c.queue, DefaultWorkers, c.work, workqueue.Options{}, nil)
}

// rateLimiter is nsControllerRateLimiter: 5 ms doubling to 60 s per
// namespace, and 10 qps with a burst of 100 overall.
func rateLimiter(loop *sim.Loop) workqueue.RateLimiter {
	return workqueue.NewMaxOfRateLimiter(
		workqueue.NewItemExponentialFailureRateLimiter(5*time.Millisecond, 60*time.Second),
		workqueue.NewBucketRateLimiter(loop, 10, 100))
}

// enqueue queues a namespace being deleted, after the grace period.
func (c *Controller) enqueue(ns *object.Object) {
	if ns.Meta.DeletionTimestamp == nil {
		return
	}
	c.queue.AddAfter(ns.Meta.Name, DeletionGracePeriod)
}

// Stop ends the controller at once.
func (c *Controller) Stop() {
	if c.queue == nil || c.queue.ShuttingDown() {
		return
	}
	_ = c.inf.RemoveEventHandler(c.reg)
	c.workers.Stop()
	c.queue.ShutDown()
	c.client.Stop()
}

// work is the worker's handling of one key: remaining content queues the
// namespace again after estimate/2 + 1 seconds (not rate limited), any
// other failure is returned to be retried with the rate limiter.
func (c *Controller) work(key string) error {
	err := c.syncNamespaceFromKey(key)
	ev := trace.Event{Time: c.loop.Now(), From: Name, Verb: trace.Reconcile, Resource: "namespaces", Name: key}
	remaining, isRemaining := errors.AsType[*ResourcesRemainingError](err)
	switch {
	case isRemaining:
		wait := time.Duration(remaining.Estimate/2+1) * time.Second
		c.queue.AddAfter(key, wait)
		ev.Detail = fmt.Sprintf("%v; again in %v", err, wait)
		err = nil
	case err != nil:
		ev.Outcome = trace.Outcome{Reason: "Error", Message: err.Error()}
		var st *api.Status
		if errors.As(err, &st) && st.Reason != "" {
			ev.Outcome.Reason = string(st.Reason)
		}
	}
	c.log.Append(ev)
	return err
}

// syncNamespaceFromKey deletes the namespace's content if it is still in
// the informer's cache.
func (c *Controller) syncNamespaceFromKey(key string) error {
	if _, ok := c.lister.Get("", key); !ok {
		return nil
	}
	return c.delete(key)
}

// ResourcesRemainingError says content is left in the namespace, and how
// long it should take to go (deletion.ResourcesRemainingError).
type ResourcesRemainingError struct{ Estimate int64 }

// Error is deletion's message, with the estimate in seconds.
func (e *ResourcesRemainingError) Error() string {
	return fmt.Sprintf("some content remains in the namespace, estimate %d seconds before it is removed", e.Estimate)
}

var _ controller.Controller = (*Controller)(nil)
