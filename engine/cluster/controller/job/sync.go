package job

import (
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Condition types and reasons of k8s.io/api/batch/v1/types.go, and the
// messages job_controller.go writes with them.
const (
	condComplete           = "Complete"
	condFailed             = "Failed"
	condSuspended          = "Suspended"
	condFailureTarget      = "FailureTarget"
	condSuccessCriteriaMet = "SuccessCriteriaMet"

	reasonCompletionsReached   = "CompletionsReached"
	reasonBackoffLimitExceeded = "BackoffLimitExceeded"
	reasonDeadlineExceeded     = "DeadlineExceeded"

	msgCompletionsReached = "Reached expected number of succeeded pods"
	msgBackoffLimit       = "Job has reached the specified backoff limit"
	msgDeadline           = "Job was active longer than specified deadline"
)

// condition is a JobCondition the sync means to write.
type condition struct {
	typ, reason, message string
}

// syncCtx is syncJobCtx: one sync's view of a Job and its Pods.
type syncCtx struct {
	key      string
	job      *object.Object // as read; never modified
	spec     map[string]any
	status   map[string]any // the status to write: a copy
	pods     []*object.Object
	active   []*object.Object
	ready    int64
	terminal int64 // terminating: being deleted, not finished
	// uncounted are .status.uncountedTerminatedPods' UIDs.
	uncountedSucceeded, uncountedFailed []string
	succeeded, failed                   int64
	// prevDone and doneIndexes are an Indexed Job's succeeded indexes, as
	// its status last said and as its Pods now say.
	prevDone, doneIndexes []int
	finished              *condition
	backoff               backoffRecord
}

// sync is syncJob for a Job's key, and the orphan worker's sync for a
// Pod's.
func (jm *Controller) sync(key string) error {
	if podKey, ok := strings.CutPrefix(key, orphanPrefix); ok {
		return jm.syncOrphanPod(podKey)
	}
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	job, ok := jm.jobs.Lister().Get(ns, name)
	if !ok {
		jm.exp.Forget(key)
		jm.finalizersGoing.forget(key)
		delete(jm.backoff, key)
		return nil
	}
	// A Job another controller manages is left to it (syncJob skips it).
	if managedByOther(job) {
		return nil
	}
	if Finished(job) {
		delete(jm.backoff, key)
		return nil
	}
	satisfied := jm.exp.Satisfied(key)
	sc := jm.newSyncCtx(key, job)
	now := jm.loop.Now()
	if _, ok := sc.status["startTime"]; !ok && !suspended(job) {
		sc.status["startTime"] = now.RFC3339()
	}
	newSucceeded, newFailed := sc.newFinishedPods(jm.finalizersGoing)
	sc.succeeded = intOf(sc.status["succeeded"]) + int64(len(newSucceeded)+len(sc.uncountedSucceeded))
	sc.failed = intOf(sc.status["failed"]) + int64(countedFailures(sc.spec, newFailed)+len(sc.uncountedFailed))
	sc.backoff = jm.newBackoffRecord(key, newSucceeded, newFailed)
	if indexed(sc.spec) {
		sc.prevDone, sc.doneIndexes = sc.succeededIndexes()
		sc.succeeded = int64(len(sc.doneIndexes))
	}

	if c := findCondition(job, condSuccessCriteriaMet); c != nil {
		sc.finished = &condition{condSuccessCriteriaMet, object.StringAt(c, "reason"), object.StringAt(c, "message")}
	} else if c := findCondition(job, condFailureTarget); c != nil {
		sc.finished = &condition{condFailed, object.StringAt(c, "reason"), object.StringAt(c, "message")}
	} else if msg, ok := failJobMessage(sc.spec, sc.pods); ok {
		sc.finished = &condition{condFailureTarget, reasonPodFailurePolicy, msg}
	}
	if sc.finished == nil {
		switch {
		case sc.failed > intOf(sc.spec["backoffLimit"]) || pastBackoffLimitOnFailure(sc):
			sc.finished = &condition{condFailureTarget, reasonBackoffLimitExceeded, msgBackoffLimit}
		case jm.pastActiveDeadline(job):
			sc.finished = &condition{condFailureTarget, reasonDeadlineExceeded, msgDeadline}
		default:
			if ads, ok := sc.spec["activeDeadlineSeconds"]; ok && !suspended(job) {
				jm.Queue.AddAfter(key, time.Duration(intOf(ads))*time.Second-now.Wall().Sub(startTime(sc.status)))
			}
		}
	}
	if sc.finished == nil && indexed(sc.spec) {
		if msg, ok := matchSuccessPolicy(sc.spec, sc.doneIndexes); ok {
			sc.finished = &condition{condSuccessCriteriaMet, reasonSuccessPolicy, msg}
		}
	}
	active := int64(len(sc.active))
	var manageErr error
	suspendChanged := false
	if sc.finished != nil {
		deletedReady, deleted, err := jm.deleteActivePods(job, sc.active, false)
		if deleted != active || !satisfied {
			sc.finished = nil // Pods may be left, or not yet in the cache
		}
		active -= deleted
		sc.terminal += deleted
		sc.ready -= deletedReady
		manageErr = err
	} else {
		managed := false
		if satisfied && job.Meta.DeletionTimestamp == nil {
			active, manageErr = jm.manageJob(sc)
			managed = true
		}
		var complete bool
		if _, ok := sc.spec["completions"]; ok {
			complete = sc.succeeded >= intOf(sc.spec["completions"]) && active == 0
		} else {
			complete = sc.succeeded > 0 && active == 0
		}
		switch {
		case complete:
			sc.finished = &condition{condSuccessCriteriaMet, reasonCompletionsReached, msgCompletionsReached}
		case managed && suspended(job):
			if setCondition(sc.status, condSuspended, "True", "JobSuspended", "Job suspended", now.RFC3339()) {
				suspendChanged = true
				jm.Recorder.Eventf(job, record.Normal, "Suspended", "Job suspended")
			}
		case managed:
			if setCondition(sc.status, condSuspended, "False", "JobResumed", "Job resumed", now.RFC3339()) {
				suspendChanged = true
				jm.Recorder.Eventf(job, record.Normal, "Resumed", "Job resumed")
				sc.status["startTime"] = now.RFC3339()
			}
		}
	}
	needsUpdate := suspendChanged || active != intOf(sc.status["active"]) ||
		sc.ready != intOf(sc.status["ready"]) || sc.terminal != intOf(sc.status["terminating"]) ||
		!hasKey(sc.status, "ready") || !hasKey(sc.status, "terminating")
	setCount(sc.status, "active", active)
	sc.status["ready"], sc.status["terminating"] = sc.ready, sc.terminal
	if err := jm.trackStatus(sc, needsUpdate); err != nil {
		return err
	}
	return manageErr
}

// newSyncCtx reads job's owned Pods and copies its status.
func (jm *Controller) newSyncCtx(key string, job *object.Object) *syncCtx {
	sc := &syncCtx{key: key, job: job, spec: job.Spec()}
	sc.status, _ = object.DeepCopyValue(job.Status()).(map[string]any)
	if sc.status == nil {
		sc.status = map[string]any{}
	}
	u := object.AsMap(sc.status["uncountedTerminatedPods"])
	sc.uncountedSucceeded, sc.uncountedFailed = object.StringList(u["succeeded"]), object.StringList(u["failed"])
	for _, p := range jm.podsInf.Lister().ListNamespace(job.Meta.Namespace, object.LabelSelector{}) {
		if ref, ok := p.Meta.ControllerRef(); !ok || ref.UID != job.Meta.UID {
			continue
		}
		sc.pods = append(sc.pods, p)
		ph := phase(p)
		switch {
		case p.Meta.DeletionTimestamp != nil:
			if ph != "Succeeded" && ph != "Failed" {
				sc.terminal++
			}
		case ph != "Succeeded" && ph != "Failed":
			sc.active = append(sc.active, p)
			if object.IsPodReady(p) {
				sc.ready++
			}
		}
	}
	return sc
}

// newFinishedPods is getNewFinishedPods: the Pods that finished since
// the last count, among those still carrying the tracking finalizer (and,
// for an Indexed Job, an index of the Job's) and not yet uncounted or
// being cleared.
func (sc *syncCtx) newFinishedPods(going *uidExpectations) (succeeded, failed []*object.Object) {
	for _, p := range sc.pods {
		uid := p.Meta.UID
		if !hasTrackingFinalizer(p) || going.has(sc.key, uid) || (indexed(sc.spec) && !sc.validIndex(p)) {
			continue
		}
		if phase(p) == "Succeeded" && !slices.Contains(sc.uncountedSucceeded, uid) {
			succeeded = append(succeeded, p)
		}
		if podFailed(p, sc.spec) && !slices.Contains(sc.uncountedFailed, uid) {
			failed = append(failed, p)
		}
	}
	return succeeded, failed
}

// pastActiveDeadline reports whether a started, unsuspended Job has run
// for activeDeadlineSeconds.
func (jm *Controller) pastActiveDeadline(job *object.Object) bool {
	ads, ok := job.Spec()["activeDeadlineSeconds"]
	st := job.Status()
	if !ok || !hasKey(st, "startTime") || suspended(job) {
		return false
	}
	return jm.loop.Now().Wall().Sub(startTime(st)) >= time.Duration(intOf(ads))*time.Second
}

// pastBackoffLimitOnFailure is pastBackoffLimitOnFailure: under
// restartPolicy OnFailure, the restarts of the containers of Pending and
// Running Pods reach backoffLimit (exceed it, for a limit of 0).
func pastBackoffLimitOnFailure(sc *syncCtx) bool {
	if object.MapAt(sc.spec, "template", "spec")["restartPolicy"] != "OnFailure" {
		return false
	}
	var restarts int64
	for _, p := range sc.pods {
		if ph := phase(p); ph != "Running" && ph != "Pending" {
			continue
		}
		st := p.Status()
		for _, list := range []string{"initContainerStatuses", "containerStatuses"} {
			for _, c := range object.AsList(st[list]) {
				restarts += intOf(object.AsMap(c)["restartCount"])
			}
		}
	}
	limit := intOf(sc.spec["backoffLimit"])
	if limit == 0 {
		return restarts > 0
	}
	return restarts >= limit
}
