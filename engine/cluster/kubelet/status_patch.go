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
	patch := map[string]any{}
	for _, f := range statusFields {
		if f == "conditions" {
			continue
		}
		nv, inNew := newTree[f]
		ov, inOld := oldTree[f]
		switch {
		case inNew && (!inOld || !object.EqualValues(ov, nv)):
			patch[f] = nv
		case !inNew && inOld:
			patch[f] = nil
		}
	}
	conditionsPatch(patch, list(oldTree["conditions"]), list(newTree["conditions"]), rc)
	if len(patch) == 0 {
		return nil
	}
	return map[string]any{"metadata": map[string]any{"uid": pod.Meta.UID}, "status": patch}
}

func conditionsPatch(patch map[string]any, old, cur []any, rc *renderCache) {
	var changed []any
	for _, c := range cur {
		cm := c.(map[string]any)
		if o := lastOfType(old, str(cm["type"])); o == nil {
			changed = append(changed, cm)
		} else if d := elementDiff(o, cm); d != nil {
			changed = append(changed, d)
		}
	}
	// A kubelet condition no longer reported is deleted.
	for _, c := range old {
		cm, _ := c.(map[string]any)
		if t := str(cm["type"]); ownedByKubelet(t) && lastOfType(cur, t) == nil {
			changed = append(changed, map[string]any{"type": t, "$patch": "delete"})
		}
	}
	if len(changed) == 0 {
		return
	}
	// The order of the merged list: the conditions others own, as they
	// are, then the kubelet's (mergePodStatus).
	var order []any
	for _, c := range old {
		cm, _ := c.(map[string]any)
		if t := str(cm["type"]); !ownedByKubelet(t) {
			order = append(order, map[string]any{"type": t})
		}
	}
	if order == nil {
		order = rc.typeOrder(cur)
	} else {
		order = append(order, rc.typeOrder(cur)...)
	}
	patch["conditions"] = changed
	patch["$setElementOrder/conditions"] = order
}

// lastOfType returns the last condition of type t in list, or nil.
func lastOfType(list []any, t string) map[string]any {
	for i := len(list) - 1; i >= 0; i-- {
		if cm, ok := list[i].(map[string]any); ok && str(cm["type"]) == t {
			return cm
		}
	}
	return nil
}

// elementDiff is the patch of one list element merged by its type: the
// type, the fields that changed, null for the fields that are gone; nil
// when nothing changed.
func elementDiff(old, cur map[string]any) map[string]any {
	var d map[string]any
	set := func(k string, v any) {
		if d == nil {
			d = map[string]any{"type": cur["type"]}
		}
		d[k] = v
	}
	for k, v := range cur {
		if ov, ok := old[k]; !ok || !object.EqualValues(ov, v) {
			set(k, v)
		}
	}
	for k := range old {
		if _, ok := cur[k]; !ok {
			set(k, nil)
		}
	}
	return d
}
