package workqueue

import (
	"errors"
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ReconcileFunc handles one key: level-based, it reads the current state
// (from informer caches) and acts until the world matches. An error
// requeues the key with rate limiting.
type ReconcileFunc func(key string) error

// Options configure a Runner.
type Options struct {
	// Actor names the controller in the trace ("deployment-controller").
	Actor trace.Actor
	// Log receives one RECONCILE event per handled key; nil records
	// nothing.
	Log *trace.Log
	// Group and Resource say what the keys name, for the trace ("apps",
	// "deployments").
	Group, Resource string
	// MaxRetries drops a key, forgetting it, once it has been requeued
	// that many times (the Deployment controller's maxRetries is 15);
	// 0 retries without end, as controller-runtime does.
	MaxRetries int
}

// Runner is a controller's workers, driven by the loop: whenever keys are
// ready it takes up to Workers of them at the current instant, one per
// worker, and reconciles each, then schedules itself again while keys
// remain. Reconciles take no virtual time, so a worker is busy for no
// instant and one key is never processed twice at once; keys handed out
// at one instant are processed in queue order. On success a key is
// forgotten by the rate limiter; on error it is requeued with
// AddRateLimited (client-go's processNextWorkItem and handleErr pattern).
type Runner struct {
	q         *Queue
	workers   int
	reconcile ReconcileFunc
	opts      Options
	posted    bool
	stopped   bool
	handled   int
}

// RunWorkers starts workers workers (at least one) on q.
func RunWorkers(q *Queue, workers int, reconcile ReconcileFunc, opts Options) *Runner {
	r := &Runner{q: q, workers: max(workers, 1), reconcile: reconcile, opts: opts}
	q.ready = r.kick
	if q.Len() > 0 {
		r.kick()
	}
	return r
}

// Handled returns how many keys have been reconciled.
func (r *Runner) Handled() int { return r.handled }

// Stop stops the workers and shuts the queue down.
func (r *Runner) Stop() {
	r.stopped = true
	r.q.ready = nil
	r.q.ShutDown()
}

func (r *Runner) kick() {
	if r.posted || r.stopped {
		return
	}
	r.posted = true
	r.q.loop.Post(r.q.loop.Now(), r)
}

// Fire lets each worker take one ready key.
func (r *Runner) Fire() {
	r.posted = false
	if r.stopped {
		return
	}
	for range r.workers {
		key, ok := r.q.Get()
		if !ok {
			break
		}
		r.process(key)
	}
	if r.q.Len() > 0 {
		r.kick()
	}
}

func (r *Runner) process(key string) {
	err := r.reconcile(key)
	r.handled++
	detail := ""
	switch {
	case err == nil:
		r.q.Forget(key)
	case r.opts.MaxRetries > 0 && r.q.NumRequeues(key) >= r.opts.MaxRetries:
		r.q.Forget(key)
		detail = fmt.Sprintf("dropped after %d retries", r.opts.MaxRetries)
	default:
		d := r.q.limiter.When(key)
		r.q.AddAfter(key, d)
		detail = "requeued after " + d.String()
	}
	r.q.Done(key)
	r.record(key, err, detail)
}

// record appends the RECONCILE event: the key split into namespace and
// name as SplitMetaNamespaceKey does (a key with more slashes is kept
// whole as the name), the error as the outcome.
func (r *Runner) record(key string, err error, detail string) {
	if r.opts.Log == nil {
		return
	}
	ev := trace.Event{Time: r.q.loop.Now(), From: r.opts.Actor, Verb: trace.Reconcile,
		Group: r.opts.Group, Resource: r.opts.Resource, Name: key, Detail: detail}
	if ns, name, ok := strings.Cut(key, "/"); ok && !strings.Contains(name, "/") {
		ev.Namespace, ev.Name = ns, name
	}
	if err != nil {
		ev.Outcome = trace.Outcome{Reason: "Error", Message: err.Error()}
		var st *api.Status
		if errors.As(err, &st) && st.Reason != "" {
			ev.Outcome.Reason = string(st.Reason)
		}
	}
	r.opts.Log.Append(ev)
}

var _ sim.Handler = (*Runner)(nil)
