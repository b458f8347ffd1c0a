package replicaset

import "github.com/loopbook/loopbook/engine/cluster/object"

// matcher is a label selector compiled for a sync's many Pods: its
// matchLabels as a list, so that matching does not walk a map per Pod.
type matcher struct {
	keys, values []string
	exprs        []object.Requirement
}

func compileSelector(s object.LabelSelector) matcher {
	m := matcher{exprs: s.MatchExpressions}
	for k, v := range s.MatchLabels {
		m.keys, m.values = append(m.keys, k), append(m.values, v)
	}
	return m
}

// compileLabels is the selector of a label set (labels.Set.AsSelector).
func compileLabels(l map[string]string) matcher {
	return compileSelector(object.LabelSelector{MatchLabels: l})
}

// matches is LabelSelector.Matches.
func (m matcher) matches(labels map[string]string) bool {
	for i, k := range m.keys {
		if v, ok := labels[k]; !ok || v != m.values[i] {
			return false
		}
	}
	for _, r := range m.exprs {
		if !r.Matches(labels) {
			return false
		}
	}
	return true
}
