package garbagecollector

import "slices"

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
