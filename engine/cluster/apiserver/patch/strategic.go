package patch

import (
	"fmt"
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
	return s.maps(path[:0], target, patch)
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
	out := make(map[string]any, mergedLen(target, patch, true))
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
			out[k] = keepTarget(out[k], m)
		case []any:
			tl, _ := out[k].([]any)
			l, err := s.list(child, tl, p)
			if err != nil {
				return nil, err
			}
			out[k] = keepTarget(out[k], l)
		default:
			out[k] = object.DeepCopyValue(pv)
		}
	}
	return out, nil
}

// list merges a list field: by merge key, as a primitive set, or by
// replacing it.
func (s strategic) list(path []string, target, patch []any) ([]any, error) {
	key, set := s.mergeKey(path)
	if !set && key == "" {
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
		out[i] = keepTarget(out[i], m)
	}
	return out, nil
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

func mergeSet(target, patch []any) []any {
	out := make([]any, len(target), len(target)+len(patch))
	copy(out, target)
	for _, v := range patch {
		if indexOf(out, v) < 0 {
			out = append(out, object.DeepCopyValue(v))
		}
	}
	return out
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
