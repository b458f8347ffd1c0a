package garbagecollector

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

type eventType uint8

const (
	addEvent eventType = iota
	updateEvent
	deleteEvent
)

// event is one change for the graph: from an informer, or virtual (the
// collector learned from the API server that an object does not exist).
type event struct {
	virtual  bool
	typ      eventType
	obj, old *object.Object
	// apiVersion and kind are the monitor's resource, or a virtual
	// event's reference; kind may be unset when the KindInfo says it.
	apiVersion, kindName string
	kind                 *object.KindInfo
}

func (ev *event) identity() objectReference {
	av, k := ev.apiVersion, ev.kindName
	if ev.kind != nil {
		av, k = ev.kind.APIVersion(), ev.kind.Kind
	}
	m := &ev.obj.Meta
	return objectReference{APIVersion: av, Kind: k, Name: m.Name, UID: m.UID, Namespace: m.Namespace}
}

// processGraphChange is GraphBuilder.processGraphChanges for one event.
func (gc *GarbageCollector) processGraphChange(ev event) {
	if gc.stopped {
		return
	}
	m := &ev.obj.Meta
	existing, found := gc.graph.read(m.UID)
	if found && !ev.virtual && !existing.isObserved() {
		// The informer confirms a virtual node: dependents that named it
		// with other coordinates are checked again.
		observed := ev.identity()
		if observed != existing.identity {
			_, invalid := partitionDependents(existing.getDependents(), observed)
			for _, dep := range invalid {
				gc.attemptToDelete.add(dep)
			}
			existing = existing.clone()
			existing.identity = observed
			gc.graph.write(existing)
		}
		existing.virtual = false
	}

	switch {
	case ev.typ != deleteEvent && !found:
		n := &node{identity: ev.identity(), dependents: map[*node]uint64{}, owners: m.OwnerReferences,
			beingDeleted:       m.DeletionTimestamp != nil,
			deletingDependents: m.DeletionTimestamp != nil && m.HasFinalizer(apiserver.FinalizerForeground)}
		gc.graph.write(n)
		gc.addDependentToOwners(n, n.owners)
		gc.processTransitions(ev.old, ev.obj, n)
	case ev.typ != deleteEvent:
		added, removed, changed := referencesDiffs(existing.owners, m.OwnerReferences)
		if len(added)+len(removed)+len(changed) > 0 {
			gc.addUnblockedOwnersToDeleteQueue(removed, changed)
			existing.owners = m.OwnerReferences
			gc.addDependentToOwners(existing, added)
			gc.removeDependentFromOwners(existing, removed)
		}
		if m.DeletionTimestamp != nil {
			existing.beingDeleted = true
		}
		gc.processTransitions(ev.old, ev.obj, existing)
	case found:
		gc.processDelete(ev, existing)
	}
}

// processDelete removes a deleted object's node, unless a virtual event
// disagrees with what the graph knows of it; its dependents are checked,
// and owners waiting for their dependents are looked at again.
func (gc *GarbageCollector) processDelete(ev event, existing *node) {
	remove := true
	if ev.virtual {
		deleted := ev.identity()
		if existing.virtual {
			matching, nonmatching := partitionDependents(existing.getDependents(), deleted)
			if len(nonmatching) > 0 {
				// Some dependents name this owner otherwise: keep the node.
				remove = false
				if len(matching) > 0 {
					gc.absent.add(deleted)
					for _, dep := range matching {
						gc.attemptToDelete.add(dep)
					}
				}
				if existing.identity == deleted {
					if alt := alternateOwnerIdentity(nonmatching, deleted); alt != nil {
						repl := existing.clone()
						repl.identity = *alt
						gc.graph.write(repl)
						gc.attemptToDelete.addRateLimited(repl)
					}
				}
			}
		} else if existing.identity != deleted {
			remove = false
			matching, _ := partitionDependents(existing.getDependents(), deleted)
			if len(matching) > 0 {
				gc.absent.add(deleted)
				for _, dep := range matching {
					gc.attemptToDelete.add(dep)
				}
			}
		}
	}
	if !remove {
		return
	}
	gc.graph.remove(existing.identity.UID)
	gc.removeDependentFromOwners(existing, existing.owners)
	deps := existing.getDependents()
	if len(deps) > 0 {
		gc.absent.add(ev.identity())
	}
	for _, dep := range deps {
		gc.attemptToDelete.add(dep)
	}
	for _, o := range existing.owners {
		if owner, ok := gc.graph.read(o.UID); ok && owner.deletingDependents {
			gc.attemptToDelete.add(owner)
		}
	}
}

// addDependentToOwners adds n to the dependents of its owners, creating a
// virtual node, queued for a check against the API server, for an owner
// not seen yet. A reference that disagrees with an owner already in the
// graph (other coordinates, another namespace) queues n itself.
func (gc *GarbageCollector) addDependentToOwners(n *node, owners []object.OwnerReference) {
	suspect := false
	for _, o := range owners {
		owner, ok := gc.graph.read(o.UID)
		if !ok {
			owner = &node{identity: coordinates(o, n.identity.Namespace), dependents: map[*node]uint64{}, virtual: true}
			gc.graph.write(owner)
		}
		gc.graph.addDependent(owner, n)
		switch {
		case !ok:
			gc.attemptToDelete.add(owner)
		case suspect:
		case owner.identity.Namespace != "" && owner.identity.Namespace != n.identity.Namespace:
			suspect = true
		case !matchesCoordinates(o, owner.identity):
			suspect = true
		case owner.identity.Namespace == "" && owner.identity.Namespace != n.identity.Namespace && !owner.isObserved():
			suspect = true
		}
	}
	if suspect {
		gc.attemptToDelete.add(n)
	}
}

// removeDependentFromOwners removes n from the dependents of owners.
func (gc *GarbageCollector) removeDependentFromOwners(n *node, owners []object.OwnerReference) {
	for _, o := range owners {
		if owner, ok := gc.graph.read(o.UID); ok {
			delete(owner.dependents, n)
		}
	}
}

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

// addUnblockedOwnersToDeleteQueue queues the owners a dependent stopped
// blocking: a blocking reference removed, or blockOwnerDeletion cleared.
func (gc *GarbageCollector) addUnblockedOwnersToDeleteQueue(removed []object.OwnerReference, changed [][2]object.OwnerReference) {
	for _, ref := range removed {
		if blocks(ref) {
			if n, ok := gc.graph.read(ref.UID); ok {
				gc.attemptToDelete.add(n)
			}
		}
	}
	for _, c := range changed {
		if blocks(c[0]) && !blocks(c[1]) {
			if n, ok := gc.graph.read(c[1].UID); ok {
				gc.attemptToDelete.add(n)
			}
		}
	}
}

func blocks(ref object.OwnerReference) bool {
	return ref.BlockOwnerDeletion != nil && *ref.BlockOwnerDeletion
}

// referencesDiffs compares two lists of owner references by UID: added,
// removed (in the old list's order; client-go's is a map's), and changed
// as old/new pairs.
func referencesDiffs(old, cur []object.OwnerReference) (added, removed []object.OwnerReference, changed [][2]object.OwnerReference) {
	oldByUID := make(map[string]object.OwnerReference, len(old))
	for _, r := range old {
		oldByUID[r.UID] = r
	}
	seen := map[string]bool{}
	for _, r := range cur {
		o, ok := oldByUID[r.UID]
		switch {
		case !ok:
			added = append(added, r)
		case !sameRef(o, r):
			changed = append(changed, [2]object.OwnerReference{o, r})
		}
		seen[r.UID] = true
	}
	for _, r := range old {
		if !seen[r.UID] {
			removed = append(removed, r)
			seen[r.UID] = true
		}
	}
	return added, removed, changed
}

// sameRef is reflect.DeepEqual on two owner references.
func sameRef(a, b object.OwnerReference) bool {
	eq := func(x, y *bool) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		eq(a.Controller, b.Controller) && eq(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}

// partitionDependents splits dependents into those whose reference to the
// owner's UID matches its identity and those with a reference that does
// not (a dependent may be in both).
func partitionDependents(deps []*node, owner objectReference) (matching, nonmatching []*node) {
	namespaced := owner.Namespace != ""
	for _, dep := range deps {
		match, mismatch := false, false
		if namespaced && owner.Namespace != dep.identity.Namespace {
			mismatch = true
		} else {
			for _, ref := range dep.owners {
				if ref.UID == owner.UID {
					if matchesCoordinates(ref, owner) {
						match = true
					} else {
						mismatch = true
					}
				}
			}
		}
		if match {
			matching = append(matching, dep)
		}
		if mismatch {
			nonmatching = append(nonmatching, dep)
		}
	}
	return matching, nonmatching
}

// referenceLess orders references by kind, apiVersion, namespace, name,
// uid.
func referenceLess(a, b objectReference) bool {
	ka := []string{a.Kind, a.APIVersion, a.Namespace, a.Name, a.UID}
	kb := []string{b.Kind, b.APIVersion, b.Namespace, b.Name, b.UID}
	return slices.Compare(ka, kb) < 0
}

// alternateOwnerIdentity is getAlternateOwnerIdentity: another identity
// some dependent gives the absent owner's UID, the first after the absent
// one in referenceLess order, else the first.
func alternateOwnerIdentity(deps []*node, absent objectReference) *objectReference {
	clusterScoped := absent.Namespace == ""
	seen := map[objectReference]bool{absent: true}
	var first, following *objectReference
	for _, dep := range deps {
		for _, ref := range dep.owners {
			if ref.UID != absent.UID {
				continue
			}
			if matchesCoordinates(ref, absent) && (clusterScoped || absent.Namespace == dep.identity.Namespace) {
				continue
			}
			r := coordinates(ref, dep.identity.Namespace)
			if clusterScoped && r.APIVersion == absent.APIVersion && r.Kind == absent.Kind {
				r.Namespace = ""
			}
			if seen[r] {
				continue
			}
			seen[r] = true
			if first == nil || referenceLess(r, *first) {
				first = &r
			}
			if referenceLess(absent, r) && (following == nil || referenceLess(r, *following)) {
				following = &r
			}
		}
	}
	if following != nil {
		return following
	}
	return first
}

// enqueueVirtualDeleteEvent removes a node the API server says does not
// exist, as a virtual delete event would.
func (gc *GarbageCollector) enqueueVirtualDeleteEvent(id objectReference) {
	o := object.New(id.APIVersion, id.Kind)
	o.Meta.Name, o.Meta.Namespace, o.Meta.UID = id.Name, id.Namespace, id.UID
	gc.processGraphChange(event{virtual: true, typ: deleteEvent, obj: o, apiVersion: id.APIVersion, kindName: id.Kind})
}
