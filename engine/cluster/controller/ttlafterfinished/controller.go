package ttlafterfinished

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: TTLAfterFinishedController).
const Name = "ttl-after-finished-controller"

// Workers is --concurrent-ttl-after-finished-syncs' default
// (pkg/controller/ttlafterfinished/config/v1alpha1/defaults.go).
const Workers = 5

// Controller is the TTL-after-finished controller; Start after Stop
// begins afresh.
type Controller struct {
	controller.Base
	loop    *sim.Loop
	jobKind *object.KindInfo
	jobs    *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "ttl-after-finished-controller".
func (tc *Controller) Name() string { return Name }

// Start watches Jobs and runs the workers once the informer has synced.
func (tc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	tc.loop = e.Loop
	tc.Begin(ctx, Name, true)
	tc.jobKind = e.Kind("batch", "Job")
	tc.jobs = ctx.Informers.Informer(tc.jobKind)
	tc.Handlers.Add(tc.jobs, cache.ResourceEventHandlerFuncs{
		AddFunc:    tc.enqueueIfDue,
		UpdateFunc: func(_, cur *object.Object) { tc.enqueueIfDue(cur) },
	})
	tc.Workers.StartWhenSynced(tc.loop, tc.jobs.HasSynced, tc.Queue, Workers, tc.processJob, workqueue.Options{
		Actor: Name, Log: e.Log, Group: "batch", Resource: "jobs"}, nil)
}

// enqueueIfDue is addJob and updateJob: a Job not being deleted that
// has finished with a TTL is looked at.
func (tc *Controller) enqueueIfDue(job *object.Object) {
	if job.Meta.DeletionTimestamp == nil && needsCleanup(job) {
		tc.Queue.Add(job.Key())
	}
}

var _ controller.Controller = (*Controller)(nil)
