package daemon

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// addPod is daemon_controller.go's addPod: a new Pod of a DaemonSet is an
// observed creation and syncs it; a new orphan makes the DaemonSets that
// select it sync; a Pod already being deleted is handled as a deletion.
func (dc *Controller) addPod(pod *object.Object) {
	if pod.Meta.DeletionTimestamp != nil {
		dc.podGone(pod)
		return
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		if ds := dc.resolve(pod.Meta.Namespace, ref); ds != nil {
			dc.exp.CreationObserved(ds.Key())
			dc.enqueue(ds)
		}
		return
	}
	// An orphan: every DaemonSet that selects it syncs, to see whether one
	// adopts it (no creation is observed: nobody waits for an orphan).
	dc.enqueueSelecting(pod)
}

// enqueueSelecting syncs the DaemonSets whose selector matches the
// orphan pod (getDaemonSetsForPod).
func (dc *Controller) enqueueSelecting(pod *object.Object) {
	for _, ds := range controller.SelectingControllers(dc.sets.Lister(), pod) {
		dc.enqueue(ds)
	}
}

// updatePod is updatePod: a Pod being deleted is handled as a deletion;
// otherwise its DaemonSet syncs, and its former one when its controller
// changed; an orphan whose labels or controller changed makes the
// DaemonSets that select it sync.
func (dc *Controller) updatePod(old, cur *object.Object) {
	if cur.Meta.ResourceVersion == old.Meta.ResourceVersion {
		return
	}
	if cur.Meta.DeletionTimestamp != nil {
		dc.podGone(cur)
		return
	}
	curRef, curOK := cur.Meta.ControllerRef()
	oldRef, oldOK := old.Meta.ControllerRef()
	if oldOK && (!curOK || oldRef.UID != curRef.UID) {
		if ds := dc.resolve(old.Meta.Namespace, oldRef); ds != nil {
			dc.enqueue(ds)
		}
	}
	if curOK {
		if ds := dc.resolve(cur.Meta.Namespace, curRef); ds != nil {
			dc.enqueue(ds)
		}
		return
	}
	if controller.OrphanChanged(old, cur) {
		dc.enqueueSelecting(cur)
	}
}

// deletePod is the informer's delete.
func (dc *Controller) deletePod(obj any) {
	if pod, ok := cache.ObjectOf(obj); ok {
		dc.podGone(pod)
	}
}

// podGone is deletePod: an observed deletion of the Pod's DaemonSet,
// which syncs.
func (dc *Controller) podGone(pod *object.Object) {
	ref, ok := pod.Meta.ControllerRef()
	if !ok {
		return
	}
	if ds := dc.resolve(pod.Meta.Namespace, ref); ds != nil {
		dc.exp.DeletionObserved(ds.Key(), pod.Key())
		dc.enqueue(ds)
	}
}

// resolve is resolveControllerRef: the DaemonSet ref names, if it is
// still the one with that UID.
func (dc *Controller) resolve(namespace string, ref object.OwnerReference) *object.Object {
	return controller.ResolveControllerRef(dc.sets.Lister(), "DaemonSet", namespace, ref)
}

// addNode is addNode: every DaemonSet that should run on the new Node
// syncs.
func (dc *Controller) addNode(node *object.Object) {
	n := object.ViewNode(node)
	for _, ds := range dc.sets.Lister().List(object.LabelSelector{}) {
		if run, _ := shouldRun(&n, ds); run {
			dc.enqueue(ds)
		}
	}
}

// updateNode is updateNode: when the Node changed in more than its
// conditions' heartbeats (shouldIgnoreNodeUpdate), every DaemonSet whose
// verdict on it changed syncs.
func (dc *Controller) updateNode(old, cur *object.Object) {
	if ignoreNodeUpdate(old, cur) {
		return
	}
	o, c := object.ViewNode(old), object.ViewNode(cur)
	for _, ds := range dc.sets.Lister().List(object.LabelSelector{}) {
		oldRun, oldCont := shouldRun(&o, ds)
		curRun, curCont := shouldRun(&c, ds)
		if oldRun != curRun || oldCont != curCont {
			dc.enqueue(ds)
		}
	}
}

// ignoreNodeUpdate is shouldIgnoreNodeUpdate: the same conditions are
// True, and nothing but the conditions and the resourceVersion changed.
func ignoreNodeUpdate(old, cur *object.Object) bool {
	trueTypes := func(o *object.Object) map[string]bool {
		out := map[string]bool{}
		for _, c := range object.ListAt(o.Status(), "conditions") {
			if m := object.AsMap(c); m["status"] == "True" {
				t, _ := m["type"].(string)
				out[t] = true
			}
		}
		return out
	}
	a, b := trueTypes(old), trueTypes(cur)
	if len(a) != len(b) {
		return false
	}
	for t := range a {
		if !b[t] {
			return false
		}
	}
	if !maps.Equal(old.Meta.Labels, cur.Meta.Labels) || !maps.Equal(old.Meta.Annotations, cur.Meta.Annotations) ||
		!object.EqualValues(old.Content["spec"], cur.Content["spec"]) {
		return false
	}
	withoutConditions := func(o *object.Object) map[string]any {
		st := make(map[string]any, len(o.Status()))
		for k, v := range o.Status() {
			if k != "conditions" {
				st[k] = v
			}
		}
		return st
	}
	return object.EqualValues(withoutConditions(old), withoutConditions(cur))
}
