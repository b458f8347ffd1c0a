package tainteviction

import (
	"math"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// noExecuteTaints lists a Node's taints with effect NoExecute
// (getNoExecuteTaints).
func noExecuteTaints(node *object.Object) []object.Taint {
	var out []object.Taint
	taints, _ := node.Spec()["taints"].([]any)
	for _, t := range taints {
		tm, _ := t.(map[string]any)
		if tm["effect"] != "NoExecute" {
			continue
		}
		key, _ := tm["key"].(string)
		value, _ := tm["value"].(string)
		out = append(out, object.Taint{Key: key, Value: value, Effect: "NoExecute", TimeAdded: object.TimeAt(tm, "timeAdded")})
	}
	return out
}

func sameTaints(a, b []object.Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value || a[i].Effect != b[i].Effect || !a[i].TimeAdded.Equal(b[i].TimeAdded) {
			return false
		}
	}
	return true
}

// matchingTolerations is v1helper.GetMatchingTolerations: whether every
// taint is tolerated, and the first toleration that tolerates each.
func matchingTolerations(taints []object.Taint, tolerations []object.Toleration) (bool, []object.Toleration) {
	if len(taints) == 0 {
		return true, nil
	}
	if len(tolerations) == 0 {
		return false, nil
	}
	var used []object.Toleration
	for _, t := range taints {
		found := false
		for _, tol := range tolerations {
			if tol.ToleratesTaint(t) {
				used = append(used, tol)
				found = true
				break
			}
		}
		if !found {
			return false, nil
		}
	}
	return true, used
}

// minTolerationTime is getMinTolerationTime: the shortest
// tolerationSeconds of the tolerations used, 0 when there are none or one
// is not positive, -1 ("forever") when none sets a limit.
func minTolerationTime(tolerations []object.Toleration) time.Duration {
	if len(tolerations) == 0 {
		return 0
	}
	least := int64(math.MaxInt64)
	for _, t := range tolerations {
		if t.TolerationSeconds == nil {
			continue
		}
		if *t.TolerationSeconds <= 0 {
			return 0
		}
		least = min(least, *t.TolerationSeconds)
	}
	if least == math.MaxInt64 {
		return -1
	}
	return time.Duration(least) * time.Second
}
