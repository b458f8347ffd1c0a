package replicaset

import "github.com/loopbook/loopbook/engine/cluster/object"

// matcher is a label selector compiled for a sync's many Pods: its
// matchLabels as a list, so that matching does not walk a map per Pod.
type matcher struct {
	labels []labelPair
	exprs  []object.Requirement
}

// labelPair is one of a selector's matchLabels.
type labelPair struct{ key, value string }

func compileSelector(s object.LabelSelector) matcher {
	m := matcher{exprs: s.MatchExpressions}
	if len(s.MatchLabels) > 0 {
		m.labels = make([]labelPair, 0, len(s.MatchLabels))
	}
	for k, v := range s.MatchLabels {
		m.labels = append(m.labels, labelPair{k, v})
	}
	return m
}

// compileLabels is the selector of a label set (labels.Set.AsSelector).
func compileLabels(l map[string]string) matcher {
	return compileSelector(object.LabelSelector{MatchLabels: l})
}

// matches is LabelSelector.Matches.
func (m matcher) matches(labels map[string]string) bool {
	for _, p := range m.labels {
		if v, ok := labels[p.key]; !ok || v != p.value {
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
