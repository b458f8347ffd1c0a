package garbagecollector

import (
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
	// apiVersion and kindName are the monitor's resource, or a virtual
	// event's reference.
	apiVersion, kindName string
}

func (ev *event) identity() objectReference {
	m := &ev.obj.Meta
	return objectReference{APIVersion: ev.apiVersion, Kind: ev.kindName, Name: m.Name, UID: m.UID, Namespace: m.Namespace}
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
		n := &node{identity: ev.identity(), owners: m.OwnerReferences,
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

// enqueueVirtualDeleteEvent removes a node the API server says does not
// exist, as a virtual delete event would.
func (gc *GarbageCollector) enqueueVirtualDeleteEvent(id objectReference) {
	o := object.New(id.APIVersion, id.Kind)
	o.Meta.Name, o.Meta.Namespace, o.Meta.UID = id.Name, id.Namespace, id.UID
	gc.processGraphChange(event{virtual: true, typ: deleteEvent, obj: o, apiVersion: id.APIVersion, kindName: id.Kind})
}
