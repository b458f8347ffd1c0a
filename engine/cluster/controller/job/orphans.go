package job

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

// syncOrphanPod is syncOrphanPod: a Pod that carries the tracking
// finalizer while no live, unfinished Job controls it has the finalizer
// removed, so that its deletion can complete.
func (jm *Controller) syncOrphanPod(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pod, ok := jm.podsInf.Lister().Get(ns, name)
	if !ok || !hasTrackingFinalizer(pod) {
		return nil
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		if job := jm.resolve(ns, ref); job != nil && (managedByOther(job) || !Finished(job)) {
			return nil // its Job counts it and removes the finalizer, or its own controller does
		}
	}
	_, err = jm.pods.PatchPod(ns, name, removeFinalizerPatch())
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}
