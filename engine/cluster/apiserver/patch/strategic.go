package patch

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Directive keys of strategic merge patches
// (k8s.io/apimachinery/pkg/util/strategicpatch/patch.go).
const (
	directiveMarker     = "$patch"
	deleteDirective     = "delete"
	replaceDirective    = "replace"
	deleteFromPrimitive = "$deleteFromPrimitiveList/"
	setElementOrder     = "$setElementOrder/"
	retainKeys          = "$retainKeys"
)

// Strategic applies a strategic merge patch to target, an object of the
// given kind ("Pod", "Deployment", "Service", …; the kind decides which
// lists merge and on which key). It fails on a malformed directive, with
// the wording of strategicpatch's errors. The result shares target's
// values where the patch leaves them, and its new leaves (maps of
// scalars) with equal ones of earlier results (see shareLeaf): the
// caller must not modify it, only copies of it.
func Strategic(kind string, target, patch map[string]any) (map[string]any, error) {
	s := strategic{kind: kind}
	var path [8]string
	out, err := s.maps(path[:0], target, patch)
	if err == nil && target != nil && object.SameMap(out, target) {
		out = maps.Clone(target)
	}
	return out, err
}

type strategic struct {
	kind string
}

// The path of the field being merged is kept as a stack: a field's path
// is its parent's with its own key appended in place, over the key of the
// sibling merged before it. That is safe because a path is only read
// while its field is merged (mergeKey and error messages), never kept.

func (s strategic) maps(path []string, target, patch map[string]any) (map[string]any, error) {
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
	// out is nil for as long as the merge leaves target as it is (see
	// mergedMap): a status patch repeats most of what is stored.
	var buf [16]entry
	es := appendSortedEntries(buf[:0], patch)
	var out map[string]any
	if target == nil {
		out = make(map[string]any, entriesMergedLen(nil, es))
	}
	for _, e := range es {
		k, pv := e.key, e.val
		cur := out
		if cur == nil {
			cur = target
		}
		switch {
		case k == retainKeys || strings.HasPrefix(k, setElementOrder):
			continue
		case strings.HasPrefix(k, deleteFromPrimitive):
			field := strings.TrimPrefix(k, deleteFromPrimitive)
			out = mergedMap(out, target, es)
			out[field] = removeValues(out[field], pv)
			continue
		case pv == nil:
			if _, had := cur[k]; had {
				out = mergedMap(out, target, es)
				delete(out, k)
			}
			continue
		}
		old, had := cur[k]
		var v any
		switch p := pv.(type) {
		case map[string]any:
			tm, _ := old.(map[string]any)
			if lv, ok := mergeLeaf(old, tm, p); ok {
				v = lv
				break
			}
			m, err := s.maps(append(path, k), tm, p)
			if err != nil {
				return nil, err
			}
			v = keepTarget(old, m)
		case []any:
			tl, _ := old.([]any)
			l, err := s.list(append(path, k), tl, p)
			if err != nil {
				return nil, err
			}
			v = keepTarget(old, l)
		default:
			v = object.DeepCopyValue(pv)
		}
		if had && unchanged(old, v) {
			continue
		}
		out = mergedMap(out, target, es)
		out[k] = v
	}
	if out == nil {
		return target, nil
	}
	return out, nil
}

// list merges a list field: by merge key, as a primitive set, or by
// replacing it. Like maps, it gives target itself when the merge leaves
// it as it is.
func (s strategic) list(path []string, target, patch []any) ([]any, error) {
	key, set := s.mergeKey(path)
	if !set && key == "" {
		if target != nil && len(target) == len(patch) {
			return overwriteList(target, patch), nil
		}
		return replaceList(target, patch), nil
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
			return replaceList(target, rest), nil
		}
	}
	if set {
		return mergeSet(target, patch), nil
	}
	// out is target until the merge changes an element; owned says it
	// is a list of the merge's own, free to write.
	out, owned := target, false
	if target == nil {
		out, owned = []any{}, true
	}
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
				// Dropping the last element keeps the array, and
				// so does not make out the merge's own.
				owned = owned || i < len(out)-1
				out = append(out[:i:i], out[i+1:]...)
			}
			continue
		}
		if i < 0 {
			v, ok := mergeLeaf(nil, nil, pm)
			if !ok {
				m, err := s.maps(path, nil, pm)
				if err != nil {
					return nil, err
				}
				v = shareLeaf(m)
			}
			if !owned {
				out, owned = slices.Clone(out), true
			}
			out = append(out, v)
			continue
		}
		tm, _ := out[i].(map[string]any)
		v, ok := mergeLeaf(out[i], tm, pm)
		if !ok {
			m, err := s.maps(path, tm, pm)
			if err != nil {
				return nil, err
			}
			v = keepTarget(out[i], m)
		}
		if !identical(out[i], v) {
			if !owned {
				out, owned = slices.Clone(out), true
			}
			out[i] = v
		}
	}
	return out, nil
}

// mergedMap returns out, the map a merge into target is building, or,
// while it has none (the merge has left target as it is), a copy of
// target with room for the keys patch, a map's entries, adds.
func mergedMap(out, target map[string]any, patch []entry) map[string]any {
	if out != nil {
		return out
	}
	// A clone copies target's groups of slots rather than hashing every
	// key again; it has target's room, and a map of up to eight keys
	// has room for eight.
	n := entriesMergedLen(target, patch)
	if n <= len(target) || n <= 8 {
		return maps.Clone(target)
	}
	out = make(map[string]any, n)
	for k, v := range target {
		out[k] = v
	}
	return out
}

// mergeKey returns the patch merge key of the list at path, or set=true
// for a list merged as a set of primitives. The table follows the
// patchStrategy/patchMergeKey struct tags of k8s.io/api.
func (s strategic) mergeKey(path []string) (key string, set bool) {
	n := len(path)
	last := path[n-1]
	parent := ""
	if n > 1 {
		parent = path[n-2]
	}
	switch last {
	case "finalizers":
		return "", parent == "metadata"
	case "ownerReferences":
		return "uid", false
	case "containers", "initContainers", "ephemeralContainers", "volumes", "imagePullSecrets":
		return "name", false
	case "env":
		return "name", false
	case "volumeMounts":
		return "mountPath", false
	case "volumeDevices":
		return "devicePath", false
	case "hostAliases":
		return "ip", false
	case "conditions":
		if parent == "status" {
			return "type", false
		}
	case "addresses":
		if parent == "status" && s.kind == "Node" {
			return "type", false
		}
	case "ports":
		switch {
		case isContainerList(parent):
			return "containerPort", false
		case s.kind == "Service" && parent == "spec" && n == 2:
			return "port", false
		}
	}
	return "", false
}

func isContainerList(name string) bool {
	return name == "containers" || name == "initContainers" || name == "ephemeralContainers"
}

// replaceList is the list l in place of target: a copy of l that keeps
// target's values (element by index, then field by field) wherever l has
// the same ones.
func replaceList(target, l []any) []any {
	out := make([]any, len(l))
	for i, v := range l {
		var old any
		if i < len(target) {
			old = target[i]
		}
		out[i] = copyOrKeep(old, v)
	}
	return out
}

// mergeSet adds to the set target the values of patch it lacks: target
// itself when it lacks none.
func mergeSet(target, patch []any) []any {
	if target != nil && hasAll(target, patch) {
		return target
	}
	out := make([]any, len(target), len(target)+len(patch))
	copy(out, target)
	for _, v := range patch {
		if indexOf(out, v) < 0 {
			out = append(out, object.DeepCopyValue(v))
		}
	}
	return out
}

// hasAll reports whether set holds every value of l.
func hasAll(set, l []any) bool {
	for _, v := range l {
		if indexOf(set, v) < 0 {
			return false
		}
	}
	return true
}

func removeValues(target, remove any) any {
	tl, _ := target.([]any)
	rl, _ := remove.([]any)
	var out []any
	for _, v := range tl {
		if indexOf(rl, v) < 0 {
			out = append(out, v)
		}
	}
	if out == nil {
		return []any{}
	}
	return out
}

func indexOf(l []any, v any) int {
	for i, x := range l {
		if object.EqualValues(x, v) {
			return i
		}
	}
	return -1
}

func indexByKey(l []any, key string, v any) int {
	for i, e := range l {
		if m, ok := e.(map[string]any); ok && object.EqualValues(m[key], v) {
			return i
		}
	}
	return -1
}

func mapString(m map[string]any) string {
	var b strings.Builder
	b.WriteString("map[")
	for i, k := range sortedKeys(m) {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s:%v", k, m[k])
	}
	b.WriteString("]")
	return b.String()
}
