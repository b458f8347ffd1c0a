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
// rc is the Pod's render cache; the patch's metadata is shared by the
// Pod's patches, and must not be modified.
func statusPatch(pod *object.Object, s *podStatus, rc *renderCache) map[string]any {
	oldTree := pod.Status()
	newTree := s.render(rc)
	// Which fields changed is found first, so that the patch is made with
	// room for all of them at once.
	var set [numStatusFields]bool
	n := 0
	for i, f := range statusFields {
		if i == fieldConditions {
			continue
		}
		nv := newTree[i]
		ov, inOld := oldTree[f]
		if nv != nil && (!inOld || !object.EqualValues(ov, nv)) || nv == nil && inOld {
			set[i] = true
			n++
		}
	}
	changed, order := conditionsPatch(list(oldTree["conditions"]), list(newTree[fieldConditions]), s.conditions, rc)
	if changed != nil {
		n += 2
	}
	if n == 0 {
		return nil
	}
	patch := make(map[string]any, n)
	for i, f := range statusFields {
		if set[i] {
			patch[f] = newTree[i] // nil for a field that is gone
		}
	}
	if changed != nil {
		patch["conditions"] = changed
		patch["$setElementOrder/conditions"] = order
	}
	return map[string]any{"metadata": rc.patchMeta(pod.Meta.UID), "status": patch}
}

// conditionsPatch is the conditions' part of the patch, nil when they did
// not change: the changed elements, and the order of the merged list. cur
// is the conditions cs rendered, one map for each, in order; old the
// stored list.
func conditionsPatch(old, cur []any, cs []condition, rc *renderCache) (changed, order []any) {
	var typesArray [8]string
	oldTypes := appendTypes(typesArray[:0], old)
	// The changed elements are gathered here, then copied out at their
	// number: most patches change one or two.
	var changedArray [8]any
	ch := changedArray[:0]
	for i, c := range cur {
		cm := c.(map[string]any)
		if j := lastIndex(oldTypes, cs[i].typ); j < 0 {
			ch = append(ch, cm)
		} else if o, _ := old[j].(map[string]any); !conditionMatches(o, &cs[i], cm) {
			if d := elementDiff(o, cm); d != nil {
				ch = append(ch, d)
			}
		}
	}
	// A kubelet condition no longer reported is deleted.
	others := 0
	for _, t := range oldTypes {
		if !ownedByKubelet(t) {
			others++
		} else if !hasType(cs, t) {
			ch = append(ch, map[string]any{"type": t, "$patch": "delete"})
		}
	}
	if len(ch) == 0 {
		return nil, nil
	}
	changed = make([]any, len(ch))
	copy(changed, ch)
	// The order of the merged list: the conditions others own, as they
	// are, then the kubelet's (mergePodStatus).
	if others == 0 {
		return changed, rc.typeOrder(cs)
	}
	kubelet := rc.typeOrder(cs)
	order = make([]any, 0, others+len(kubelet))
	for _, t := range oldTypes {
		if !ownedByKubelet(t) {
			order = append(order, map[string]any{"type": t})
		}
	}
	return changed, append(order, kubelet...)
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
