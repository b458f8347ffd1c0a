package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// statusPatch is the strategic merge patch the kubelet sends to move the
// Pod's stored status to s, or nil when nothing differs
// (pkg/util/pod/pod.go, preparePatchBytesForPodStatus: a two-way merge
// patch between the old and new status, with the Pod's UID in the new
// object "to ensure it appears in the patch as a precondition"):
//
//   - each field the kubelet owns that changed, with its new value, or
//     null when it is gone;
//   - conditions merge by type: only the changed ones are sent, each with
//     its type and the fields that changed (null for one that is gone), with
//     "$setElementOrder/conditions" giving the order of the whole list, and
//     a kubelet condition no longer reported is deleted ($patch: delete);
//   - the other lists (containerStatuses, podIPs, …) have no merge key and
//     are sent whole.
//
// rc is the Pod's render cache.
func statusPatch(pod *object.Object, s *podStatus, rc *renderCache) map[string]any {
	oldTree := pod.Status()
	newTree := s.render(rc)
	var patch map[string]any
	for i, f := range statusFields {
		if i == fieldConditions {
			continue
		}
		nv := newTree[i]
		ov, inOld := oldTree[f]
		switch {
		case nv != nil && (!inOld || !object.EqualValues(ov, nv)):
			patch = setField(patch, f, nv)
		case nv == nil && inOld:
			patch = setField(patch, f, nil)
		}
	}
	patch = conditionsPatch(patch, list(oldTree["conditions"]), list(newTree[fieldConditions]), s.conditions, rc)
	if len(patch) == 0 {
		return nil
	}
	return map[string]any{"metadata": map[string]any{"uid": pod.Meta.UID}, "status": patch}
}

// setField sets patch[f] to v, making patch when it is nil, and returns it.
func setField(patch map[string]any, f string, v any) map[string]any {
	if patch == nil {
		patch = map[string]any{}
	}
	patch[f] = v
	return patch
}

// conditionsPatch adds to patch the conditions' part and returns it (made
// when nil and there is a part): cur is the conditions cs rendered, one map
// for each, in order; old the stored list.
func conditionsPatch(patch map[string]any, old, cur []any, cs []condition, rc *renderCache) map[string]any {
	var typesArray [8]string
	oldTypes := appendTypes(typesArray[:0], old)
	var changed []any
	for i, c := range cur {
		cm := c.(map[string]any)
		if j := lastIndex(oldTypes, cs[i].typ); j < 0 {
			changed = append(changed, cm)
		} else if o, _ := old[j].(map[string]any); !conditionMatches(o, &cs[i], cm) {
			if d := elementDiff(o, cm); d != nil {
				changed = append(changed, d)
			}
		}
	}
	// A kubelet condition no longer reported is deleted.
	for _, t := range oldTypes {
		if ownedByKubelet(t) && !hasType(cs, t) {
			changed = append(changed, map[string]any{"type": t, "$patch": "delete"})
		}
	}
	if len(changed) == 0 {
		return patch
	}
	// The order of the merged list: the conditions others own, as they
	// are, then the kubelet's (mergePodStatus).
	var order []any
	for _, t := range oldTypes {
		if !ownedByKubelet(t) {
			order = append(order, map[string]any{"type": t})
		}
	}
	if order == nil {
		order = rc.typeOrder(cs)
	} else {
		order = append(order, rc.typeOrder(cs)...)
	}
	patch = setField(patch, "conditions", changed)
	patch["$setElementOrder/conditions"] = order
	return patch
}

// appendTypes appends the type of each element of list, read once: ""
// for an element that is not a map or has no type.
func appendTypes(types []string, list []any) []string {
	for _, e := range list {
		em, _ := e.(map[string]any)
		types = append(types, str(em["type"]))
	}
	return types
}

// lastIndex is the index of the last t in types, or -1.
func lastIndex(types []string, t string) int {
	for i := len(types) - 1; i >= 0; i-- {
		if types[i] == t {
			return i
		}
	}
	return -1
}

// hasType reports whether a condition of cs has type t.
func hasType(cs []condition, t string) bool {
	for i := range cs {
		if cs[i].typ == t {
			return true
		}
	}
	return false
}

// conditionMatches reports whether the stored condition old is c, whose
// render is cm, as elementDiff(old, cm) would find: every field c renders,
// with its value, and no other. It reads old field by field rather than
// walking both maps, and most stored conditions match.
func conditionMatches(old map[string]any, c *condition, cm map[string]any) bool {
	n := 3 // type, status, lastTransitionTime
	if !isString(old["type"], c.typ) || !isString(old["status"], c.status) ||
		!object.EqualValues(old["lastTransitionTime"], cm["lastTransitionTime"]) {
		return false
	}
	if c.observedGeneration != 0 {
		n++
		if !object.EqualValues(old["observedGeneration"], cm["observedGeneration"]) {
			return false
		}
	}
	if c.reason != "" {
		n++
		if !isString(old["reason"], c.reason) {
			return false
		}
	}
	if c.message != "" {
		n++
		if !isString(old["message"], c.message) {
			return false
		}
	}
	return len(old) == n
}

// setDiff sets d[k] to v, making d with cur's type when it is nil, and
// returns it.
func setDiff(d, cur map[string]any, k string, v any) map[string]any {
	if d == nil {
		d = map[string]any{"type": cur["type"]}
	}
	d[k] = v
	return d
}

// elementDiff is the patch of one list element merged by its type: the
// type, the fields that changed, null for the fields that are gone; nil
// when nothing changed.
func elementDiff(old, cur map[string]any) map[string]any {
	var d map[string]any
	for k, v := range cur {
		if ov, ok := old[k]; !ok || !object.EqualValues(ov, v) {
			d = setDiff(d, cur, k, v)
		}
	}
	for k := range old {
		if _, ok := cur[k]; !ok {
			d = setDiff(d, cur, k, nil)
		}
	}
	return d
}
