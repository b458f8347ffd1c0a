package garbagecollector

import "github.com/loopbook/loopbook/engine/cluster/object"

// addDependentToOwners adds n to the dependents of its owners, creating a
// virtual node, queued for a check against the API server, for an owner
// not seen yet. A reference that disagrees with an owner already in the
// graph (other coordinates, another namespace) queues n itself.
func (gc *GarbageCollector) addDependentToOwners(n *node, owners []object.OwnerReference) {
	suspect := false
	for _, o := range owners {
		owner, ok := gc.graph.read(o.UID)
		if !ok {
			owner = &node{identity: coordinates(o, n.identity.Namespace), virtual: true}
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
