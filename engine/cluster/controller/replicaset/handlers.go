package replicaset

import (
	"maps"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The informer handlers of replica_set.go. They only enqueue keys and
// record observed expectations; syncReplicaSet does the rest.

func (rsc *Controller) addRS(rs *object.Object) { rsc.Queue.Add(rs.Key()) }

// updateRS enqueues the ReplicaSet on every change; a ReplicaSet recreated
// under the same name is first handled as a deletion of the old one.
func (rsc *Controller) updateRS(old, cur *object.Object) {
	if cur.Meta.UID != old.Meta.UID {
		rsc.deleteRS(cache.DeletedFinalStateUnknown{Key: old.Key(), Obj: old})
	}
	rsc.Queue.Add(cur.Key())
}

// deleteRS drops the ReplicaSet's expectations, so that one recreated with
// the same name starts clean, and enqueues it.
func (rsc *Controller) deleteRS(obj any) {
	rs, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	key := rs.Key()
	rsc.consistent.clear(key, rs.Meta.UID)
	rsc.exp.Forget(key)
	rsc.Queue.Add(key)
}

// addPod observes a creation for the Pod's ReplicaSet, or wakes the
// ReplicaSets that may adopt an orphan.
func (rsc *Controller) addPod(pod *object.Object) {
	rsc.pods.set(pod)
	if pod.Meta.DeletionTimestamp != nil {
		// "on a restart of the controller manager, it's possible a new pod
		// shows up in a state that is already pending deletion"
		rsc.deletePod(pod)
		return
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		rs := rsc.resolveControllerRef(pod.Meta.Namespace, ref)
		if rs == nil {
			return
		}
		rsc.exp.CreationObserved(rs.Key())
		rsc.Queue.Add(rs.Key())
		return
	}
	for _, rs := range rsc.getPodReplicaSets(pod) {
		rsc.Queue.Add(rs.Key())
	}
}

// updatePod wakes the Pod's ReplicaSet (and its former one when the
// controller changed). A Pod given a deletionTimestamp counts as deleted
// at once, so that its replacement is created without waiting for the
// kubelet.
func (rsc *Controller) updatePod(old, cur *object.Object) {
	rsc.pods.set(cur)
	if cur.Meta.ResourceVersion == old.Meta.ResourceVersion {
		return // a resync
	}
	labelChanged := !maps.Equal(cur.Meta.Labels, old.Meta.Labels)
	if cur.Meta.DeletionTimestamp != nil {
		rsc.deletePod(cur)
		if labelChanged {
			rsc.deletePod(old)
		}
		return
	}
	curRef, curOK := cur.Meta.ControllerRef()
	oldRef, oldOK := old.Meta.ControllerRef()
	refChanged := curOK != oldOK || (curOK && !sameRef(curRef, oldRef))
	if refChanged && oldOK {
		if rs := rsc.resolveControllerRef(old.Meta.Namespace, oldRef); rs != nil {
			rsc.Queue.Add(rs.Key())
		}
	}
	if curOK {
		rs := rsc.resolveControllerRef(cur.Meta.Namespace, curRef)
		if rs == nil {
			return
		}
		rsc.Queue.Add(rs.Key())
		// A Pod that just became ready is available minReadySeconds
		// later: look again then.
		oldReady, curReady := object.IsPodReady(old), object.IsPodReady(cur)
		if mrs := intAt(object.MapAt(rs.Content, "spec"), "minReadySeconds"); !oldReady && curReady && mrs > 0 {
			rsc.Queue.AddAfter(rs.Key(), time.Duration(mrs)*time.Second)
		}
		return
	}
	if labelChanged || refChanged {
		for _, rs := range rsc.getPodReplicaSets(cur) {
			rsc.Queue.Add(rs.Key())
		}
	}
}

// podDeleted is the informer's delete handler: the version is gone from
// the cache.
func (rsc *Controller) podDeleted(obj any) {
	if pod, ok := cache.ObjectOf(obj); ok {
		rsc.pods.remove(pod)
	}
	rsc.deletePod(obj)
}

// deletePod observes a deletion the Pod's ReplicaSet expected and
// enqueues it. obj is a Pod or a tombstone.
func (rsc *Controller) deletePod(obj any) {
	pod, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	ref, ok := pod.Meta.ControllerRef()
	if !ok {
		return // "No controller should care about orphans being deleted."
	}
	rs := rsc.resolveControllerRef(pod.Meta.Namespace, ref)
	if rs == nil {
		return
	}
	rsc.exp.DeletionObserved(rs.Key(), podKey(pod))
	rsc.Queue.Add(rs.Key())
}

// resolveControllerRef returns the cached ReplicaSet ref names, if it is
// still the same object (same UID).
func (rsc *Controller) resolveControllerRef(namespace string, ref object.OwnerReference) *object.Object {
	return controller.ResolveControllerRef(rsc.rsLister, "ReplicaSet", namespace, ref)
}

// getPodReplicaSets is the lister's GetPodReplicaSets: the ReplicaSets of
// the Pod's namespace whose non-empty selector matches its labels.
func (rsc *Controller) getPodReplicaSets(pod *object.Object) []*object.Object {
	if len(pod.Meta.Labels) == 0 {
		return nil
	}
	var out []*object.Object
	for _, rs := range rsc.rsLister.ListNamespace(pod.Meta.Namespace, object.LabelSelector{}) {
		sel, ok := object.LabelSelectorFrom(object.MapAt(rs.Content, "spec")["selector"])
		if !ok || sel.Empty() || !sel.Matches(pod.Meta.Labels) {
			continue
		}
		out = append(out, rs)
	}
	return out
}

// sameRef is reflect.DeepEqual on two owner references.
func sameRef(a, b object.OwnerReference) bool {
	eq := func(x, y *bool) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		eq(a.Controller, b.Controller) && eq(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}
