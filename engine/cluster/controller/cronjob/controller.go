package cronjob

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/cron"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: CronJobController).
const Name = "cronjob-controller"

const (
	// Workers is --concurrent-cron-job-syncs' default.
	Workers = 5
	// nextScheduleDelta pads each requeue past the schedule time, for
	// clock skew.
	nextScheduleDelta = 100 * time.Millisecond
)

// Controller is the CronJob controller; Start after Stop begins afresh.
type Controller struct {
	controller.Base
	loop             *sim.Loop
	log              *trace.Log
	cronKind, jobKnd *object.KindInfo
	cronJobs, jobs   *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "cronjob-controller".
func (jm *Controller) Name() string { return Name }

// Start watches CronJobs and Jobs and runs the workers once the informers
// have synced.
func (jm *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	jm.loop, jm.log = e.Loop, e.Log
	jm.Begin(ctx, Name, true)
	jm.cronKind, jm.jobKnd = e.Kind("batch", "CronJob"), e.Kind("batch", "Job")
	jm.cronJobs = ctx.Informers.Informer(jm.cronKind)
	jm.jobs = ctx.Informers.Informer(jm.jobKnd)
	jm.Handlers.Add(jm.cronJobs, cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o *object.Object) { jm.Queue.Add(o.Key()) },
		UpdateFunc: jm.updateCronJob,
	})
	owner := func(o any) {
		job, ok := cache.ObjectOf(o)
		if !ok {
			return
		}
		if cj := jm.resolve(job); cj != nil {
			jm.Queue.Add(cj.Key())
		}
	}
	jm.Handlers.Add(jm.jobs, cache.ResourceEventHandlerFuncs{
		AddFunc: func(o *object.Object) { owner(o) },
		UpdateFunc: func(old, cur *object.Object) {
			if cur.Meta.ResourceVersion == old.Meta.ResourceVersion {
				return
			}
			before, now := jm.resolve(old), jm.resolve(cur)
			if before != nil && (now == nil || now.Key() != before.Key()) {
				jm.Queue.Add(before.Key())
			}
			if now != nil {
				jm.Queue.Add(now.Key())
			}
		},
		DeleteFunc: owner,
	})
	synced := cache.AllSynced(jm.cronJobs, jm.jobs)
	jm.Workers.StartWhenSynced(jm.loop, synced, jm.Queue, Workers, jm.sync, workqueue.Options{
		Actor: Name, Log: jm.log, Group: "batch", Resource: "cronjobs"}, nil)
}

// updateCronJob is updateCronJob: a changed schedule or time zone syncs
// the CronJob at its next schedule time; any other change, now.
func (jm *Controller) updateCronJob(old, cur *object.Object) {
	os, cs := old.Spec(), cur.Spec()
	if os["schedule"] == cs["schedule"] && os["timeZone"] == cs["timeZone"] {
		jm.Queue.Add(cur.Key())
		return
	}
	sched, err := cron.ParseStandard(jm.formatSchedule(cur, false))
	if err != nil {
		jm.Recorder.Eventf(cur, record.Warning, "UnParseableCronJobSchedule", "unparseable schedule for cronjob: %s", object.StringAt(cs, "schedule"))
		return
	}
	jm.Queue.AddAfter(cur.Key(), nextScheduleTimeDuration(cur, jm.loop.Now().Wall(), sched))
}

// resolve returns the CronJob that controls job, if it is still the one
// the reference names.
func (jm *Controller) resolve(job *object.Object) *object.Object {
	ref, ok := job.Meta.ControllerRef()
	if !ok {
		return nil
	}
	return controller.ResolveControllerRef(jm.cronJobs.Lister(), "CronJob", job.Meta.Namespace, ref)
}

var _ controller.Controller = (*Controller)(nil)
