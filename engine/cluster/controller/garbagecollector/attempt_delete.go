package garbagecollector

import (
	"errors"
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Outcomes of attemptToDeleteItem that are not failures but decide what
// the worker does with the node (garbagecollector.go).
var (
	errEnqueuedVirtualDelete          = errors.New("enqueued virtual delete event")
	errNamespacedOwnerOfClusterScoped = errors.New("cluster-scoped objects cannot refer to namespaced owners")
	errNotObserved                    = errors.New("not yet observed by an informer")
)

// attemptToDeleteWorker handles one node of the attemptToDelete queue
// (attemptToDeleteWorker): an error returned asks the runner to queue it
// again with rate limiting.
func (gc *GarbageCollector) attemptToDeleteWorker(key string) error {
	n, ok := gc.attemptToDelete.take(key)
	if !ok {
		return nil
	}
	if !n.isObserved() {
		cur, exists := gc.graph.read(n.identity.UID)
		if !exists || cur.isObserved() {
			return nil
		}
	}
	d := gc.attemptToDeleteItem(n)
	gc.record(n, d)
	switch {
	case d.err == errEnqueuedVirtualDelete, d.err == errNamespacedOwnerOfClusterScoped:
		return nil
	case d.err != nil:
		gc.attemptToDelete.requeue(n)
		return d.err
	case !n.isObserved():
		// A virtual node is looked at again until an informer confirms or
		// the API server denies it (issue 56121).
		gc.attemptToDelete.requeue(n)
		return errNotObserved
	}
	return nil
}

// attemptToDeleteItem looks the object up and deletes it when every owner
// reference dangles, removes references to owners that are gone or wait
// for their dependents, or, for an owner deleting in the foreground,
// removes its finalizer once no dependent blocks it.
func (gc *GarbageCollector) attemptToDeleteItem(item *node) decision {
	if item.beingDeleted && !item.deletingDependents {
		return decision{what: "being deleted; waiting for its final deletion"}
	}
	latest, err := gc.getObject(item.identity)
	switch {
	case api.IsReason(err, api.ReasonNotFound):
		gc.enqueueVirtualDeleteEvent(item.identity)
		return decision{what: "not found: removed from the graph", err: errEnqueuedVirtualDelete}
	case err != nil:
		return decision{err: err}
	}
	if latest.Meta.UID != item.identity.UID {
		gc.enqueueVirtualDeleteEvent(item.identity)
		return decision{what: "UID differs: removed from the graph", err: errEnqueuedVirtualDelete}
	}
	if item.deletingDependents {
		return gc.processDeletingDependentsItem(item)
	}
	refs := latest.Meta.OwnerReferences
	if len(refs) == 0 {
		return decision{what: "no owner references"}
	}
	solid, dangling, waiting, err := gc.classifyReferences(item, refs)
	if err != nil {
		return decision{err: err}
	}
	switch {
	case len(solid) != 0:
		if len(dangling) == 0 && len(waiting) == 0 {
			return decision{what: "owner " + describe(solid) + " exists"}
		}
		uids := append(uidsOf(dangling), uidsOf(waiting)...)
		err := gc.patchOwnerRefs(item, uids)
		return decision{what: "owner " + describe(solid) + " exists: remove references to " + describe(append(dangling, waiting...)), err: err}
	case len(waiting) != 0 && len(item.dependents) != 0:
		what := ownersGone(nil, waiting) + " and this object has dependents: delete with propagationPolicy Foreground"
		for _, dep := range item.getDependents() {
			if dep.deletingDependents {
				// A cycle of foreground deletions: unblock this object's owners.
				what += ", after unblocking its owners (cycle through " + dep.identity.Kind + " " + dep.identity.Name + ")"
				if err := gc.unblockOwnerReferences(item); err != nil {
					return decision{what: what, err: err}
				}
				break
			}
		}
		return gc.deleteNotFound(item, decision{what: what, err: gc.deleteObject(item.identity, latest.Meta.ResourceVersion, refs, api.PropagationForeground)})
	default:
		policy := api.PropagationBackground
		switch {
		case latest.Meta.HasFinalizer(apiserver.FinalizerOrphan):
			policy = api.PropagationOrphan
		case latest.Meta.HasFinalizer(apiserver.FinalizerForeground):
			policy = api.PropagationForeground
		}
		what := ownersGone(dangling, waiting) + ": delete with propagationPolicy " + string(policy)
		return gc.deleteNotFound(item, decision{what: what, err: gc.deleteObject(item.identity, latest.Meta.ResourceVersion, refs, policy)})
	}
}

// deleteNotFound turns a delete answered 404 into a virtual delete event.
func (gc *GarbageCollector) deleteNotFound(item *node, d decision) decision {
	if api.IsReason(d.err, api.ReasonNotFound) {
		gc.enqueueVirtualDeleteEvent(item.identity)
		d.err = errEnqueuedVirtualDelete
	}
	return d
}

// processDeletingDependentsItem handles an owner deleting in the
// foreground: once no dependent blocks it, its foregroundDeletion
// finalizer goes; until then its blocking dependents are queued.
func (gc *GarbageCollector) processDeletingDependentsItem(item *node) decision {
	blocking := item.blockingDependents()
	if len(blocking) == 0 {
		return decision{what: "no dependent blocks it: remove finalizer " + apiserver.FinalizerForeground,
			err: gc.removeFinalizer(item, apiserver.FinalizerForeground)}
	}
	for _, dep := range blocking {
		if !dep.deletingDependents {
			gc.attemptToDelete.add(dep)
		}
	}
	return decision{what: fmt.Sprintf("waiting for %d blocking dependents", len(blocking))}
}

// classifyReferences sorts an object's owner references: solid (the owner
// exists and is not deleting in the foreground), dangling (it does not
// exist, or has another UID), waiting (it is deleting in the foreground).
func (gc *GarbageCollector) classifyReferences(item *node, refs []object.OwnerReference) (solid, dangling, waiting []object.OwnerReference, err error) {
	for _, ref := range refs {
		isDangling, owner, err := gc.isDangling(ref, item)
		if err != nil {
			return nil, nil, nil, err
		}
		switch {
		case isDangling:
			dangling = append(dangling, ref)
		case owner.Meta.DeletionTimestamp != nil && owner.Meta.HasFinalizer(apiserver.FinalizerForeground):
			waiting = append(waiting, ref)
		default:
			solid = append(solid, ref)
		}
	}
	return solid, dangling, waiting, nil
}

// isDangling reports whether an owner reference points to nothing: known
// absent, not found, or found with another UID (then remembered as
// absent). Otherwise it returns the owner as the API server has it.
func (gc *GarbageCollector) isDangling(ref object.OwnerReference, item *node) (bool, *object.Object, error) {
	key := coordinates(ref, "")
	if gc.absent.has(key) {
		return true, nil, nil
	}
	key.Namespace = item.identity.Namespace
	if gc.absent.has(key) {
		return true, nil, nil
	}
	k, err := gc.kindOf(ref.APIVersion, ref.Kind)
	if err != nil {
		return false, nil, err
	}
	if !k.Namespaced {
		key.Namespace = ""
	}
	if item.identity.Namespace == "" && k.Namespaced {
		return false, nil, errNamespacedOwnerOfClusterScoped
	}
	ns := ""
	if k.Namespaced {
		ns = item.identity.Namespace
	}
	owner, err := client.Shared(gc.client.DoGet(k, ns, ref.Name))
	switch {
	case api.IsReason(err, api.ReasonNotFound):
		gc.absent.add(key)
		return true, nil, nil
	case err != nil:
		return false, nil, err
	case owner.Meta.UID != ref.UID:
		gc.absent.add(key)
		return true, nil, nil
	}
	return false, owner, nil
}

func uidsOf(refs []object.OwnerReference) []string {
	out := make([]string, 0, len(refs))
	for _, r := range refs {
		out = append(out, r.UID)
	}
	return out
}

// ownersGone says why no owner holds an object any more.
func ownersGone(dangling, waiting []object.OwnerReference) string {
	var why []string
	if len(dangling) > 0 {
		why = append(why, "owner "+describe(dangling)+" is gone")
	}
	if len(waiting) > 0 {
		why = append(why, "owner "+describe(waiting)+" is deleting in the foreground")
	}
	return strings.Join(why, "; ")
}

// describe names owner references for the trace: "ReplicaSet web".
func describe(refs []object.OwnerReference) string {
	s := ""
	for i, r := range refs {
		if i > 0 {
			s += ", "
		}
		s += r.Kind + " " + r.Name
	}
	return s
}
