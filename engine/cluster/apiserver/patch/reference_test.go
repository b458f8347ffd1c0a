package patch

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The strategic merge as it was before merges learned to leave unchanged
// maps and lists uncopied: the reference the equivalence tests hold the
// merge to. It shares leaves as the merge does (shareLeaf), and the
// helpers whose work did not change (mergeKey, removeValues, …).

func refStrategic(kind string, target, patch map[string]any) (map[string]any, error) {
	s := refStrategicT{kind: kind}
	var path [8]string
	return s.maps(path[:0], target, patch)
}

type refStrategicT struct {
	kind string
}

// The path of the field being merged is kept as a stack: a field's path
// is its parent's with its own key appended in place, over the key of the
// sibling merged before it. That is safe because a path is only read
// while its field is merged (mergeKey and error messages), never kept.

func (s refStrategicT) maps(path []string, target, patch map[string]any) (map[string]any, error) {
	if d, ok := patch[directiveMarker]; ok {
		if d != replaceDirective {
			return nil, fmt.Errorf("Unknown patch type: %v", d)
		}
		out := map[string]any{}
		for k, v := range patch {
			if k != directiveMarker {
				out[k] = object.DeepCopyValue(v)
			}
		}
		return out, nil
	}
	out := make(map[string]any, entriesMergedLen(target, appendSortedEntries(nil, patch)))
	for k, v := range target {
		out[k] = v
	}
	var keys [16]string
	for _, k := range object.AppendSortedKeys(keys[:0], patch) {
		pv := patch[k]
		switch {
		case k == retainKeys || strings.HasPrefix(k, setElementOrder):
			continue
		case strings.HasPrefix(k, deleteFromPrimitive):
			field := strings.TrimPrefix(k, deleteFromPrimitive)
			out[field] = removeValues(out[field], pv)
			continue
		case pv == nil:
			delete(out, k)
			continue
		}
		child := append(path, k)
		switch p := pv.(type) {
		case map[string]any:
			tm, _ := out[k].(map[string]any)
			m, err := s.maps(child, tm, p)
			if err != nil {
				return nil, err
			}
			out[k] = refKeepTarget(out[k], m)
		case []any:
			tl, _ := out[k].([]any)
			l, err := s.list(child, tl, p)
			if err != nil {
				return nil, err
			}
			out[k] = refKeepTarget(out[k], l)
		default:
			out[k] = object.DeepCopyValue(pv)
		}
	}
	return out, nil
}

// list merges a list field: by merge key, as a primitive set, or by
// replacing it.
func (s refStrategicT) list(path []string, target, patch []any) ([]any, error) {
	key, set := strategic{kind: s.kind}.mergeKey(path)
	if !set && key == "" {
		return refReplaceList(target, patch), nil
	}
	// A list-level {"$patch": "replace"} element replaces the whole list.
	for _, e := range patch {
		if m, ok := e.(map[string]any); ok && m[directiveMarker] == replaceDirective && len(m) == 1 {
			var rest []any
			for _, e2 := range patch {
				if m2, ok := e2.(map[string]any); !ok || m2[directiveMarker] == nil {
					rest = append(rest, e2)
				}
			}
			return refReplaceList(target, rest), nil
		}
	}
	if set {
		return refMergeSet(target, patch), nil
	}
	out := make([]any, len(target))
	copy(out, target)
	for _, e := range patch {
		pm, ok := e.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unable to find api field in struct %s for the json field %q", s.kind, path[len(path)-1])
		}
		kv, hasKey := pm[key]
		if !hasKey {
			return nil, fmt.Errorf("map: %v does not contain declared merge key: %s", mapString(pm), key)
		}
		i := indexByKey(out, key, kv)
		if pm[directiveMarker] == deleteDirective {
			if i >= 0 {
				out = append(out[:i:i], out[i+1:]...)
			}
			continue
		}
		if i < 0 {
			m, err := s.maps(path, nil, pm)
			if err != nil {
				return nil, err
			}
			out = append(out, shareLeaf(m))
			continue
		}
		tm, _ := out[i].(map[string]any)
		m, err := s.maps(path, tm, pm)
		if err != nil {
			return nil, err
		}
		out[i] = refKeepTarget(out[i], m)
	}
	return out, nil
}

func refReplaceList(target, l []any) []any {
	out := make([]any, len(l))
	for i, v := range l {
		var old any
		if i < len(target) {
			old = target[i]
		}
		out[i] = refCopyOrKeep(old, v)
	}
	return out
}

func refKeepTarget(old, merged any) any {
	switch m := merged.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		if ok && o != nil && len(o) == len(m) && sameEntries(o, m) {
			return o
		}
	case []any:
		o, ok := old.([]any)
		if ok && o != nil && len(o) == len(m) && sameElements(o, m) {
			return o
		}
	}
	return shareLeaf(merged)
}

func refCopyOrKeep(old, v any) any {
	switch x := v.(type) {
	case map[string]any:
		o, ok := old.(map[string]any)
		if !ok || o == nil || x == nil {
			return shareLeaf(object.DeepCopyValue(v))
		}
		out := make(map[string]any, len(x))
		same := len(o) == len(x)
		for k, xv := range x {
			ov, had := o[k]
			nv := refCopyOrKeep(ov, xv)
			same = same && had && identical(ov, nv)
			out[k] = nv
		}
		if same {
			return o
		}
		return shareLeaf(out)
	case []any:
		o, ok := old.([]any)
		if !ok || o == nil || x == nil {
			return object.DeepCopyValue(v)
		}
		out := make([]any, len(x))
		same := len(o) == len(x)
		for i, xv := range x {
			var ov any
			if i < len(o) {
				ov = o[i]
			}
			out[i] = refCopyOrKeep(ov, xv)
			same = same && identical(ov, out[i])
		}
		if same {
			return o
		}
		return out
	}
	return object.DeepCopyValue(v)
}

func refMergeSet(target, patch []any) []any {
	out := make([]any, len(target), len(target)+len(patch))
	copy(out, target)
	for _, v := range patch {
		if indexOf(out, v) < 0 {
			out = append(out, object.DeepCopyValue(v))
		}
	}
	return out
}
