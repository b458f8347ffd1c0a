package job

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// trackStatus is trackJobStatusAndRemoveFinalizers: finished Pods go to
// .status.uncountedTerminatedPods, written at once; their finalizers are
// removed; those whose finalizers are gone move to the succeeded and
// failed counts; the finish (interim condition first, final one once no
// Pod is left uncounted or terminating) is written with them.
func (jm *Controller) trackStatus(sc *syncCtx, needsFlush bool) error {
	withFinalizer := map[string]bool{}
	for _, p := range sc.pods {
		if hasTrackingFinalizer(p) && !jm.finalizersGoing.has(sc.key, p.Meta.UID) {
			withFinalizer[p.Meta.UID] = true
		}
	}
	if sc.countUncounted(withFinalizer) {
		needsFlush = true
	}
	var toClear []*object.Object
	for _, p := range sc.pods {
		uid := p.Meta.UID
		if !hasTrackingFinalizer(p) || jm.finalizersGoing.has(sc.key, uid) {
			continue // counted in an earlier sync
		}
		failed := podFailed(p, sc.spec)
		if !(sc.job.Meta.DeletionTimestamp != nil || sc.finished != nil || phase(p) == "Succeeded" || failed) {
			continue // canRemoveFinalizer
		}
		toClear = append(toClear, p)
		switch {
		case phase(p) == "Succeeded" && !slices.Contains(sc.uncountedFailed, uid) && indexed(sc.spec):
			// The index is what counts: no UID is tracked.
			if sc.validIndex(p) && !slices.Contains(sc.prevDone, completionIndex(p)) {
				sc.doneIndexes = addIndex(sc.doneIndexes, completionIndex(p))
				needsFlush = true
			}
		case phase(p) == "Succeeded" && !slices.Contains(sc.uncountedFailed, uid):
			if !slices.Contains(sc.uncountedSucceeded, uid) {
				sc.uncountedSucceeded = append(sc.uncountedSucceeded, uid)
				needsFlush = true
			}
		case failed || (sc.finished != nil && sc.finished.typ != condSuccessCriteriaMet):
			// A Job that fails counts every Pod it stops as failed, but
			// those a podFailurePolicy's Ignore rule matches.
			if !slices.Contains(sc.uncountedFailed, uid) && (!indexed(sc.spec) || sc.validIndex(p)) &&
				(!hasFailurePolicy(sc.spec) || matchFailurePolicy(sc.spec, p).counts) {
				sc.uncountedFailed = append(sc.uncountedFailed, uid)
				needsFlush = true
			}
		}
	}
	if indexed(sc.spec) {
		done := formatIndexes(sc.doneIndexes)
		if done != object.StringAt(sc.status, "completedIndexes") {
			needsFlush = true
		}
		setString(sc.status, "completedIndexes", done)
		setCount(sc.status, "succeeded", int64(len(sc.doneIndexes)))
	}
	now := jm.loop.Now().RFC3339()
	if f := sc.finished; f != nil && f.typ == condFailureTarget {
		setCondition(sc.status, condFailureTarget, "True", f.reason, f.message, now)
		needsFlush = true
		sc.finished = &condition{condFailed, f.reason, f.message}
	}
	if f := sc.finished; f != nil && f.typ == condSuccessCriteriaMet {
		if setCondition(sc.status, condSuccessCriteriaMet, "True", f.reason, f.message, now) {
			needsFlush = true
		}
		sc.finished = &condition{condComplete, f.reason, f.message}
	}
	if needsFlush {
		if err := jm.updateStatus(sc); err != nil {
			return err
		}
		jm.backoff[sc.key] = sc.backoff
		needsFlush = false
	}
	if len(toClear) > 0 {
		uids := make([]string, len(toClear))
		for i, p := range toClear {
			uids[i] = p.Meta.UID
		}
		jm.finalizersGoing.expect(sc.key, uids)
		var clearErr error
		for _, p := range toClear {
			_, err := jm.pods.PatchPod(p.Meta.Namespace, p.Meta.Name, removeFinalizerPatch())
			if err != nil && !api.IsReason(err, api.ReasonNotFound) {
				jm.finalizersGoing.observed(sc.key, p.Meta.UID)
				if clearErr == nil {
					clearErr = err
				}
				continue
			}
			delete(withFinalizer, p.Meta.UID)
		}
		if sc.countUncounted(withFinalizer) {
			needsFlush = true
		}
		if clearErr != nil {
			if needsFlush {
				if err := jm.updateStatus(sc); err != nil {
					return err
				}
			}
			return clearErr
		}
	}
	finishedNow := sc.enactFinished(now)
	if finishedNow || needsFlush {
		if err := jm.updateStatus(sc); err != nil {
			return err
		}
		if finishedNow {
			if sc.finished.typ == condComplete {
				jm.Recorder.Eventf(sc.job, record.Normal, "Completed", "Job completed")
			} else {
				jm.Recorder.Eventf(sc.job, record.Warning, sc.finished.reason, "%s", sc.finished.message)
			}
		}
	}
	return nil
}

// countUncounted is cleanUncountedPodsWithoutFinalizers: the uncounted
// Pods whose finalizer is gone join the succeeded and failed counts. It
// reports whether anything moved.
func (sc *syncCtx) countUncounted(withFinalizer map[string]bool) bool {
	moved := false
	keep := func(uids []string, counter string) []string {
		var out []string
		for _, uid := range uids {
			if withFinalizer[uid] {
				out = append(out, uid)
			}
		}
		if n := len(uids) - len(out); n > 0 {
			sc.status[counter] = intOf(sc.status[counter]) + int64(n)
			moved = true
		}
		return out
	}
	sc.uncountedSucceeded = keep(sc.uncountedSucceeded, "succeeded")
	sc.uncountedFailed = keep(sc.uncountedFailed, "failed")
	return moved
}

// enactFinished is enactJobFinished: the final condition (and, for
// Complete, completionTime) once no Pod is left uncounted or terminating.
func (sc *syncCtx) enactFinished(now string) bool {
	f := sc.finished
	if f == nil || len(sc.uncountedSucceeded)+len(sc.uncountedFailed) > 0 || sc.terminal > 0 {
		return false
	}
	setCondition(sc.status, f.typ, "True", f.reason, f.message, now)
	if f.typ == condComplete {
		sc.status["completionTime"] = now
	}
	return true
}

// updateStatus is updateJobStatus: an update of jobs/status with the
// status built so far, the uncounted UIDs in it; the Job answered is the
// one the sync goes on with.
func (jm *Controller) updateStatus(sc *syncCtx) error {
	u := map[string]any{}
	if len(sc.uncountedSucceeded) > 0 {
		u["succeeded"] = anyList(sc.uncountedSucceeded)
	}
	if len(sc.uncountedFailed) > 0 {
		u["failed"] = anyList(sc.uncountedFailed)
	}
	sc.status["uncountedTerminatedPods"] = u
	updated, err := client.Shared(controller.SendStatusUpdate(jm.Client, jm.jobKind, sc.job, object.DeepCopyValue(sc.status).(map[string]any), api.WriteOptions{}))
	if err != nil {
		return err
	}
	sc.job = updated
	return nil
}

// setCondition is ensureJobConditionStatus: it replaces the condition of
// that type when its status, reason or message differ (both times now),
// or adds it unless its status is False; it reports whether it changed
// anything.
func setCondition(status map[string]any, typ, st, reason, message, now string) bool {
	conds := object.AsList(status["conditions"])
	fresh := map[string]any{"type": typ, "status": st, "lastProbeTime": now, "lastTransitionTime": now, "reason": reason, "message": message}
	for i, c := range conds {
		m := object.AsMap(c)
		if m["type"] != typ {
			continue
		}
		if m["status"] == st && m["reason"] == reason && m["message"] == message {
			return false
		}
		conds[i] = fresh
		return true
	}
	if st == "False" {
		return false
	}
	status["conditions"] = append(conds, fresh)
	return true
}

func anyList(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
