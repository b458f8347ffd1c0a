package job

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// addPod is job_controller.go's addPod: a new Pod of a Job is an observed
// creation and syncs the Job after the batch period; a Pod already being
// deleted is handled as a deletion; an orphan with the tracking finalizer
// has it removed.
func (jm *Controller) addPod(pod *object.Object) {
	if pod.Meta.DeletionTimestamp != nil {
		jm.podGone(pod, false)
		return
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		if job := jm.resolve(pod.Meta.Namespace, ref); job != nil {
			jm.exp.CreationObserved(job.Key())
			jm.enqueueBatched(job)
		}
		return
	}
	if hasTrackingFinalizer(pod) {
		jm.enqueueOrphan(pod)
	}
}

// updatePod is updatePod: a Pod being deleted is handled as a deletion;
// otherwise its Job (and its former one, when its controller changed)
// syncs after the batch period, and a removed finalizer is observed.
func (jm *Controller) updatePod(old, cur *object.Object) {
	if cur.Meta.ResourceVersion == old.Meta.ResourceVersion {
		return
	}
	if cur.Meta.DeletionTimestamp != nil {
		jm.podGone(cur, false)
		return
	}
	removed := !hasTrackingFinalizer(cur)
	curRef, curOK := cur.Meta.ControllerRef()
	oldRef, oldOK := old.Meta.ControllerRef()
	if oldOK && (!curOK || oldRef.UID != curRef.UID) {
		if job := jm.resolve(old.Meta.Namespace, oldRef); job != nil {
			if removed {
				jm.finalizersGoing.observed(job.Key(), cur.Meta.UID)
			}
			jm.enqueueBatched(job)
		}
	}
	if curOK {
		if job := jm.resolve(cur.Meta.Namespace, curRef); job != nil {
			if removed {
				jm.finalizersGoing.observed(job.Key(), cur.Meta.UID)
			}
			jm.enqueueBatched(job)
		}
		return
	}
	if hasTrackingFinalizer(cur) {
		jm.enqueueOrphan(cur)
	}
}

// deletePod is the informer's delete: the Pod is gone.
func (jm *Controller) deletePod(obj any) {
	if pod, ok := cache.ObjectOf(obj); ok {
		jm.podGone(pod, true)
	}
}

// podGone is deletePod for a Pod removed (final) or being deleted: an
// observed deletion of its Job, which syncs after the batch period; a Pod
// whose Job is gone or finished has its finalizer removed here, since no
// sync of the Job will.
func (jm *Controller) podGone(pod *object.Object, final bool) {
	ref, ok := pod.Meta.ControllerRef()
	var job *object.Object
	if ok {
		job = jm.resolve(pod.Meta.Namespace, ref)
	}
	if job == nil || Finished(job) {
		if hasTrackingFinalizer(pod) {
			jm.enqueueOrphan(pod)
		}
		return
	}
	key := job.Key()
	jm.exp.DeletionObserved(key, pod.Key())
	if final || !hasTrackingFinalizer(pod) {
		jm.finalizersGoing.observed(key, pod.Meta.UID)
	}
	jm.enqueueBatched(job)
}

// resolve is resolveControllerRef: the Job ref names, if it is still the
// one with that UID.
func (jm *Controller) resolve(namespace string, ref object.OwnerReference) *object.Object {
	return controller.ResolveControllerRef(jm.jobs.Lister(), "Job", namespace, ref)
}

// enqueueBatched syncs job after syncJobBatchPeriod
// (enqueueSyncJobBatched).
func (jm *Controller) enqueueBatched(job *object.Object) {
	jm.Queue.AddAfter(job.Key(), syncJobBatchPeriod)
}

// enqueueOrphan queues pod for the removal of its tracking finalizer
// (enqueueOrphanPod).
func (jm *Controller) enqueueOrphan(pod *object.Object) {
	jm.Queue.Add(orphanPrefix + pod.Key())
}

// hasTrackingFinalizer reports whether pod carries the Job tracking
// finalizer.
func hasTrackingFinalizer(pod *object.Object) bool {
	return slices.Contains(pod.Meta.Finalizers, object.JobTrackingFinalizer)
}

// uidExpectations is uidTrackingExpectations: per Job key, the Pods whose
// tracking finalizer the controller removed and has not yet seen gone.
type uidExpectations struct {
	byKey map[string]map[string]bool
}

func newUIDExpectations() *uidExpectations {
	return &uidExpectations{byKey: map[string]map[string]bool{}}
}

// expect records that the finalizers of uids are being removed.
func (u *uidExpectations) expect(key string, uids []string) {
	set := u.byKey[key]
	if set == nil {
		set = map[string]bool{}
		u.byKey[key] = set
	}
	for _, uid := range uids {
		set[uid] = true
	}
}

// observed is finalizerRemovalObserved.
func (u *uidExpectations) observed(key, uid string) {
	delete(u.byKey[key], uid)
}

// has reports whether the removal of uid's finalizer is still expected.
func (u *uidExpectations) has(key, uid string) bool { return u.byKey[key][uid] }

// forget drops a deleted Job's expectations.
func (u *uidExpectations) forget(key string) { delete(u.byKey, key) }
