package garbagecollector

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// processTransitions queues an object whose deletion has just started
// with the orphan finalizer (to orphan its dependents) or the
// foregroundDeletion finalizer (its dependents and itself, to delete
// them first).
func (gc *GarbageCollector) processTransitions(old, o *object.Object, n *node) {
	if deletionStartsWith(old, o, apiserver.FinalizerOrphan) {
		gc.attemptToOrphan.add(n)
		return
	}
	if deletionStartsWith(old, o, apiserver.FinalizerForeground) {
		n.deletingDependents = true
		for _, dep := range n.getDependents() {
			gc.attemptToDelete.add(dep)
		}
		gc.attemptToDelete.add(n)
	}
}

// deletionStartsWith reports whether o is being deleted with finalizer f
// and old was not.
func deletionStartsWith(old, o *object.Object, f string) bool {
	if o.Meta.DeletionTimestamp == nil || !o.Meta.HasFinalizer(f) {
		return false
	}
	return old == nil || old.Meta.DeletionTimestamp == nil || !old.Meta.HasFinalizer(f)
}
