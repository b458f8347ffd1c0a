package deployment

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The informer handlers of deployment_controller.go: they find the
// Deployment an event concerns and enqueue its key.

func (dc *Controller) addDeployment(d *object.Object) { dc.Queue.Add(d.Key()) }

func (dc *Controller) deleteDeployment(obj any) {
	if d, ok := cache.ObjectOf(obj); ok {
		dc.Queue.Add(d.Key())
	}
}

// addReplicaSet wakes the ReplicaSet's Deployment, or the Deployments that
// may adopt an orphan.
func (dc *Controller) addReplicaSet(rs *object.Object) {
	if rs.Meta.DeletionTimestamp != nil {
		dc.deleteReplicaSet(rs)
		return
	}
	if ref, ok := rs.Meta.ControllerRef(); ok {
		if d := dc.resolveControllerRef(rs.Meta.Namespace, ref); d != nil {
			dc.Queue.Add(d.Key())
		}
		return
	}
	for _, d := range dc.getDeploymentsForReplicaSet(rs) {
		dc.Queue.Add(d.Key())
	}
}

// updateReplicaSet wakes the ReplicaSet's Deployment, and its former one
// when the controller changed.
func (dc *Controller) updateReplicaSet(old, cur *object.Object) {
	if cur.Meta.ResourceVersion == old.Meta.ResourceVersion {
		return // a resync
	}
	curRef, curOK := cur.Meta.ControllerRef()
	oldRef, oldOK := old.Meta.ControllerRef()
	refChanged := curOK != oldOK || (curOK && !sameRef(curRef, oldRef))
	if refChanged && oldOK {
		if d := dc.resolveControllerRef(old.Meta.Namespace, oldRef); d != nil {
			dc.Queue.Add(d.Key())
		}
	}
	if curOK {
		if d := dc.resolveControllerRef(cur.Meta.Namespace, curRef); d != nil {
			dc.Queue.Add(d.Key())
		}
		return
	}
	if refChanged || !maps.Equal(cur.Meta.Labels, old.Meta.Labels) {
		for _, d := range dc.getDeploymentsForReplicaSet(cur) {
			dc.Queue.Add(d.Key())
		}
	}
}

func (dc *Controller) deleteReplicaSet(obj any) {
	rs, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	ref, ok := rs.Meta.ControllerRef()
	if !ok {
		return
	}
	if d := dc.resolveControllerRef(rs.Meta.Namespace, ref); d != nil {
		dc.Queue.Add(d.Key())
	}
}

// deletePod wakes a Recreate Deployment once its Pods stop existing.
func (dc *Controller) deletePod(obj any) {
	pod, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	d := dc.getDeploymentForPod(pod)
	if d == nil {
		return
	}
	if stringOf(object.MapAt(d.Content, "spec", "strategy"), "type") == RecreateStrategy {
		dc.Queue.Add(d.Key())
	}
}

// getDeploymentForPod follows the Pod's controller to its ReplicaSet and
// the ReplicaSet's controller to its Deployment.
func (dc *Controller) getDeploymentForPod(pod *object.Object) *object.Object {
	ref, ok := pod.Meta.ControllerRef()
	if !ok || ref.Kind != "ReplicaSet" {
		return nil
	}
	rs, ok := dc.rsInf.Lister().Get(pod.Meta.Namespace, ref.Name)
	if !ok || rs.Meta.UID != ref.UID {
		return nil
	}
	dref, ok := rs.Meta.ControllerRef()
	if !ok {
		return nil
	}
	return dc.resolveControllerRef(rs.Meta.Namespace, dref)
}

// resolveControllerRef returns the cached Deployment ref names, if it is
// still the same object.
func (dc *Controller) resolveControllerRef(namespace string, ref object.OwnerReference) *object.Object {
	return controller.ResolveControllerRef(dc.dInf.Lister(), "Deployment", namespace, ref)
}

// getDeploymentsForReplicaSet is util.GetDeploymentsForReplicaSet: the
// Deployments of the namespace whose non-empty selector matches the
// ReplicaSet's labels.
func (dc *Controller) getDeploymentsForReplicaSet(rs *object.Object) []*object.Object {
	if len(rs.Meta.Labels) == 0 {
		return nil
	}
	var out []*object.Object
	for _, d := range dc.dInf.Lister().ListNamespace(rs.Meta.Namespace, object.LabelSelector{}) {
		sel, ok := object.LabelSelectorFrom(object.MapAt(d.Content, "spec")["selector"])
		if !ok || sel.Empty() || !sel.Matches(rs.Meta.Labels) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// sameRef is reflect.DeepEqual on two owner references.
func sameRef(a, b object.OwnerReference) bool {
	eq := func(x, y *bool) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		eq(a.Controller, b.Controller) && eq(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}
