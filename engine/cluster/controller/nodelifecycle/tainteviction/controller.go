package tainteviction

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/podindex"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name, trace actor and Event source
// (cmd/kube-controller-manager/names, TaintEvictionController).
const Name = "taint-eviction-controller"

// ServiceAccount is the ServiceAccount in kube-system the controller
// writes as: it "uses existing cluster role from node-controller"
// (cmd/kube-controller-manager/app/core.go, newTaintEvictionController).
// The manager's ClientFor must authenticate Name as this account.
const ServiceAccount = "node-controller"

// Facts from pkg/controller/tainteviction/taint_eviction.go.
const (
	// retries is how often a deletion is attempted.
	retries = 5
	// updateWorkers is UpdateWorkerSize.
	updateWorkers = 8
	// syncedPollPeriod is WaitForCacheSync's poll period.
	syncedPollPeriod = 100 * time.Millisecond
)

// Controller is the taint eviction controller: it deletes the Pods of a
// Node whose NoExecute taints they do not tolerate, at once or when their
// tolerationSeconds run out. It implements controller.Controller.
type Controller struct {
	ctx    *controller.Context
	loop   *sim.Loop
	client *client.Client
	rec    *record.Recorder
	pod    *object.KindInfo

	pods, nodes *cache.SharedInformer
	handlers    cache.Handlers

	// tainted holds each Node's NoExecute taints (taintedNodes).
	tainted map[string][]object.Taint
	// workers holds the scheduled deletions by Pod key
	// (TimedWorkerQueue).
	workers map[string]*timedWorker

	queue   *workqueue.Queue
	runner  *workqueue.Runner
	poll    *sim.Timer
	running bool
}

var _ controller.Controller = (*Controller)(nil)

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "taint-eviction-controller".
func (c *Controller) Name() string { return Name }

// Start registers the controller on the manager's Pod and Node informers
// and starts its workers once both have synced.
func (c *Controller) Start(ctx *controller.Context) {
	if c.running {
		return
	}
	e := ctx.Env
	c.running, c.ctx, c.loop = true, ctx, e.Loop
	c.client = ctx.ClientFor(Name)
	c.rec = &record.Recorder{Client: c.client, Kind: e.Kind("", "Event"), Loop: e.Loop, Component: Name}
	c.pod = e.Kind("", "Pod")
	c.pods = ctx.Informers.Informer(c.pod)
	c.nodes = ctx.Informers.Informer(e.Kind("", "Node"))
	podindex.Add(c.pods)
	c.tainted, c.workers = map[string][]object.Taint{}, map[string]*timedWorker{}
	c.queue = workqueue.New(e.Loop, nil)
	c.handlers.Add(c.pods, podHandler{c})
	c.handlers.Add(c.nodes, nodeHandler{c})
	if c.poll == nil {
		c.poll = e.Loop.NewTimer(sim.Func(c.waitForSync))
	}
	c.poll.Reset(e.Loop.Now())
}

// Stop cancels the scheduled deletions, stops the workers and removes the
// handlers.
func (c *Controller) Stop() {
	if !c.running {
		return
	}
	c.running = false
	c.poll.Stop()
	for _, w := range c.workers {
		if w != nil {
			w.timer.Stop()
		}
	}
	c.workers = nil
	c.handlers.RemoveAll()
	if c.runner != nil {
		c.runner.Stop()
		c.runner = nil
	} else {
		c.queue.ShutDown()
	}
	c.client.Stop()
}

func (c *Controller) waitForSync() {
	if !c.pods.HasSynced() || !c.nodes.HasSynced() {
		c.poll.Reset(c.loop.Now().Add(syncedPollPeriod))
		return
	}
	c.runner = workqueue.RunWorkers(c.queue, updateWorkers, c.process, workqueue.Options{Actor: trace.Actor(Name)})
}

// decide records a decision about a Pod.
func (c *Controller) decide(namespace, name, detail string) {
	c.ctx.Env.Log.Append(trace.Event{Time: c.loop.Now(), From: trace.Actor(Name), Verb: trace.Reconcile,
		Resource: "pods", Namespace: namespace, Name: name, Detail: detail})
}
