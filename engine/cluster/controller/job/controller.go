package job

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: JobController).
const Name = "job-controller"

// Timings and limits of job_controller.go.
const (
	// Workers is --concurrent-job-syncs' default.
	Workers = 5
	// syncJobBatchPeriod is how long a Pod event waits before its Job
	// syncs, so that a burst of them syncs it once.
	syncJobBatchPeriod = time.Second
	// DefaultPodFailureBackOff and MaxPodFailureBackOff bound the wait
	// before Pods are created again after failures.
	DefaultPodFailureBackOff = 10 * time.Second
	MaxPodFailureBackOff     = 10 * time.Minute
	// maxPodCreateDeletePerSync is MaxPodCreateDeletePerSync.
	maxPodCreateDeletePerSync = 500
)

// orphanPrefix marks a work-queue key as a Pod whose tracking finalizer
// may have to go (the orphan queue of job_controller.go, here one queue).
const orphanPrefix = "pod:"

// Controller is the Job controller; Start after Stop begins afresh.
type Controller struct {
	controller.Base
	loop            *sim.Loop
	log             *trace.Log
	pods            controller.PodControl
	jobKind         *object.KindInfo
	jobs, podsInf   *cache.SharedInformer
	exp             *controller.Expectations
	finalizersGoing *uidExpectations
	backoff         map[string]backoffRecord
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "job-controller".
func (jm *Controller) Name() string { return Name }

// Start watches Jobs and Pods and runs the workers once the informers
// have synced.
func (jm *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	jm.loop, jm.log = e.Loop, e.Log
	jm.Begin(ctx, Name, true)
	podKind := e.Kind("", "Pod")
	jm.pods = controller.PodControl{Client: jm.Client, Recorder: jm.Recorder, PodKind: podKind}
	jm.jobKind = e.Kind("batch", "Job")
	jm.jobs = ctx.Informers.Informer(jm.jobKind)
	jm.podsInf = ctx.Informers.Informer(podKind)
	jm.exp = controller.NewExpectations(e.Loop)
	jm.finalizersGoing = newUIDExpectations()
	jm.backoff = map[string]backoffRecord{}
	jm.Handlers.Add(jm.jobs, cache.EnqueueKeys(jm.Queue.Add))
	jm.Handlers.Add(jm.podsInf, cache.ResourceEventHandlerFuncs{
		AddFunc:    jm.addPod,
		UpdateFunc: jm.updatePod,
		DeleteFunc: jm.deletePod,
	})
	synced := cache.AllSynced(jm.jobs, jm.podsInf)
	jm.Workers.StartWhenSynced(jm.loop, synced, jm.Queue, Workers, jm.sync, workqueue.Options{
		Actor: Name, Log: jm.log, Group: "batch", Resource: "jobs"}, nil)
}

var _ controller.Controller = (*Controller)(nil)
