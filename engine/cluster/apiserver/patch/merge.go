package patch

import "github.com/loopbook/loopbook/engine/cluster/object"

// Merge applies a JSON merge patch (RFC 7386) to target and returns the
// result.
func Merge(target, patch map[string]any) map[string]any {
	return mergeMaps(target, patch)
}

func mergeMaps(target, patch map[string]any) map[string]any {
	out := make(map[string]any, mergedLen(target, patch))
	for k, v := range target {
		out[k] = v
	}
	for k, pv := range patch {
		if pv == nil {
			delete(out, k)
			continue
		}
		if pm, ok := pv.(map[string]any); ok {
			tm, _ := out[k].(map[string]any)
			out[k] = mergeMaps(tm, pm)
			continue
		}
		out[k] = object.DeepCopyValue(pv)
	}
	return out
}
