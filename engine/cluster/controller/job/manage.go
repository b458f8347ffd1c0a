package job

import (
	"slices"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// manageJob is manageJob: it deletes the active Pods of a suspended Job,
// the surplus of a running one (and an Indexed Job's duplicates), or
// creates the Pods it lacks once the failure back-off has passed, an
// Indexed Job's for its lowest pending indexes. It returns the number of
// active Pods.
func (jm *Controller) manageJob(sc *syncCtx) (int64, error) {
	job, key := sc.job, sc.key
	active := int64(len(sc.active))
	if suspended(job) {
		ready, deleted, err := jm.deleteJobPods(sc, removalOrder(sc.active, len(sc.active)))
		sc.terminal += deleted
		sc.ready -= ready
		return active - deleted, err
	}
	parallelism := intOf(sc.spec["parallelism"])
	var want int64
	if _, ok := sc.spec["completions"]; !ok {
		// A work queue: parallelism Pods until one succeeds, then
		// whatever still runs.
		want = parallelism
		if sc.succeeded > 0 {
			want = active
		}
	} else {
		want = max(0, min(intOf(sc.spec["completions"])-sc.succeeded, parallelism))
	}
	if rm := sc.podsForRemoval(int(max(0, active-want))); len(rm) > 0 {
		ready, deleted, err := jm.deleteJobPods(sc, rm[:min(len(rm), maxPodCreateDeletePerSync)])
		sc.terminal += deleted
		sc.ready -= ready
		return active - deleted, err
	}
	var terminating int64
	if onlyReplaceFailedPods(sc.spec) {
		terminating = sc.terminal
	}
	diff := want - terminating - active
	if diff <= 0 {
		return active, nil
	}
	if wait := sc.backoff.remaining(jm.loop.Now()); wait > 0 {
		jm.Queue.AddAfter(key, wait)
		// job_controller.go answers 0 active Pods here, whatever runs;
		// the status says so until the next sync.
		return 0, nil
	}
	diff = min(diff, maxPodCreateDeletePerSync)
	var indexes []int
	if indexed(sc.spec) {
		indexes = sc.pendingIndexes(int(diff))
		diff = int64(len(indexes))
	}
	jm.exp.ExpectCreations(key, int(diff))
	tpl := object.MapAt(sc.spec, "template")
	ref := object.NewControllerRef(job, "batch/v1", "Job")
	ok, err := controller.SlowStartBatch(int(diff), controller.SlowStartInitialBatchSize, func() error {
		var pod *object.Object
		if len(indexes) > 0 {
			ix := indexes[0]
			indexes = indexes[1:]
			pod = controller.PodFromTemplate(withIndex(tpl, job.Meta.Name, ix), job, ref)
			pod.Meta.GenerateName = controller.PodsPrefix(job.Meta.Name + "-" + strconv.Itoa(ix))
		} else {
			pod = controller.PodFromTemplate(tpl, job, ref)
		}
		if !slices.Contains(pod.Meta.Finalizers, object.JobTrackingFinalizer) {
			pod.Meta.Finalizers = append(pod.Meta.Finalizers, object.JobTrackingFinalizer)
		}
		_, err := jm.pods.CreatePod(job, pod)
		if err != nil && controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
			return nil // the namespace is going: later creations would fail too
		}
		return err
	})
	for range int(diff) - ok {
		jm.exp.CreationObserved(key) // failed, or never tried
	}
	return active + int64(ok), err
}

// deleteJobPods is deleteJobPods: each Pod's tracking finalizer is
// removed, then the Pod deleted. It returns how many of the deleted Pods
// were ready, and how many were deleted.
func (jm *Controller) deleteJobPods(sc *syncCtx, pods []*object.Object) (int64, int64, error) {
	return jm.deleteActivePods(sc.job, pods, true)
}

// deleteActivePods is deleteActivePods (or, with removeFinalizer,
// deleteJobPods): a DELETE for each Pod, counted as expected deletions.
// It returns how many of the deleted Pods were ready, and how many were
// deleted.
func (jm *Controller) deleteActivePods(job *object.Object, pods []*object.Object, removeFinalizer bool) (int64, int64, error) {
	key := job.Key()
	keys := make([]string, len(pods))
	for i, p := range pods {
		keys[i] = p.Key()
	}
	if removeFinalizer && len(pods) > 0 {
		jm.exp.ExpectDeletions(key, keys)
	}
	var ready, deleted int64
	var first error
	for _, p := range pods {
		var err error
		if removeFinalizer && hasTrackingFinalizer(p) {
			_, err = jm.pods.PatchPod(p.Meta.Namespace, p.Meta.Name, removeFinalizerPatch())
		}
		if err == nil {
			err = jm.pods.DeletePod(job, p.Meta.Namespace, p.Meta.Name)
		}
		if err != nil && !api.IsReason(err, api.ReasonNotFound) {
			jm.exp.DeletionObserved(key, p.Key())
			if first == nil {
				first = err
			}
			continue
		}
		deleted++
		if object.IsPodReady(p) {
			ready++
		}
	}
	return ready, deleted, first
}

// removeFinalizerPatch is removeTrackingFinalizerPatch: a strategic merge
// patch deleting the tracking finalizer from the Pod's list.
func removeFinalizerPatch() map[string]any {
	return map[string]any{"metadata": map[string]any{
		"$deleteFromPrimitiveList/finalizers": []any{object.JobTrackingFinalizer},
	}}
}

// podsForRemoval is activePodsForRemoval: for an Indexed Job first the
// Pods of no index or of an index run twice, then, as for a NonIndexed
// one, as many more as make n, in removalOrder.
func (sc *syncCtx) podsForRemoval(n int) []*object.Object {
	var rm []*object.Object
	if indexed(sc.spec) {
		rm = sc.duplicateIndexPods()
	}
	if len(rm) >= n {
		return rm
	}
	var left []*object.Object
	for _, p := range sc.active {
		if !slices.Contains(rm, p) {
			left = append(left, p)
		}
	}
	return append(rm, removalOrder(left, n-len(rm))...)
}

// removalOrder is activePodsForRemoval for a NonIndexed Job: the first n
// Pods in controller.ActivePods' order, those earliest in their life
// first: unscheduled, then pending, not ready, ready the shortest time,
// restarted the most, created the latest.
func removalOrder(pods []*object.Object, n int) []*object.Object {
	sorted := slices.Clone(pods)
	slices.SortStableFunc(sorted, func(a, b *object.Object) int {
		if less(a, b) {
			return -1
		}
		if less(b, a) {
			return 1
		}
		return 0
	})
	return sorted[:n]
}

// less is ActivePods.Less.
func less(a, b *object.Object) bool {
	va, vb := object.ViewPod(a), object.ViewPod(b)
	if (va.NodeName == "") != (vb.NodeName == "") {
		return va.NodeName == ""
	}
	if oa, ob := phaseOrdinal(va.Phase), phaseOrdinal(vb.Phase); oa != ob {
		return oa < ob
	}
	ra, rb := va.IsReady(), vb.IsReady()
	if ra != rb {
		return !ra
	}
	if ra {
		ta, tb := readySince(va), readySince(vb)
		if !ta.Equal(tb) {
			return ta.After(tb)
		}
	}
	if ca, cb := maxRestarts(va), maxRestarts(vb); ca != cb {
		return ca > cb
	}
	ta, tb := a.Meta.CreationTimestamp, b.Meta.CreationTimestamp
	if !ta.Equal(tb) {
		return ta.After(tb)
	}
	return false
}
