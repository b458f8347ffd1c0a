package plugins

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// NodeAffinity's rejections (plugins/nodeaffinity/node_affinity.go).
const (
	ErrReasonNodeAffinity = "node(s) didn't match Pod's node affinity/selector"
	errReasonConflict     = "pod affinity terms conflict"
)

var statusNodeAffinity = framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNodeAffinity).WithPlugin(NodeAffinity)

// NodeAffinityPlugin keeps a Pod to nodes matching its nodeSelector and its
// required node affinity, and scores nodes by the summed weights of the
// preferred terms they match.
type NodeAffinityPlugin struct{}

// Name returns "NodeAffinity".
func (*NodeAffinityPlugin) Name() string { return NodeAffinity }

// PreFilter skips the Filter for a Pod with neither a nodeSelector nor a
// required affinity. When every required term names nodes by
// matchFields metadata.name In, it narrows the nodes to those names.
func (*NodeAffinityPlugin) PreFilter(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if !p.HasRequiredNodeAffinity && p.NodeSelector == nil {
		return nil, framework.NewStatus(framework.Skip)
	}
	if len(p.RequiredNodeTerms) == 0 {
		return nil, nil
	}
	var names map[string]bool
	for _, t := range p.RequiredNodeTerms {
		var term map[string]bool
		for _, r := range t.MatchFields {
			if r.Key != "metadata.name" || r.Operator != "In" {
				continue
			}
			s := map[string]bool{}
			for _, v := range r.Values {
				if term == nil || term[v] {
					s[v] = true
				}
			}
			term = s
		}
		if term == nil {
			return nil, nil
		}
		if names == nil {
			names = map[string]bool{}
		}
		maps.Copy(names, term)
	}
	if len(names) == 0 {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, errReasonConflict)
	}
	return &framework.PreFilterResult{NodeNames: names}, nil
}

// Filter rejects a node that the nodeSelector or the required affinity
// does not match.
func (*NodeAffinityPlugin) Filter(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if matchesRequired(p, n.Labels, n.Name) {
		return nil
	}
	return statusNodeAffinity
}

// matchesRequired is nodeaffinity.RequiredNodeAffinity.Match: every
// nodeSelector label, and at least one required term.
func matchesRequired(p *framework.PodInfo, labels map[string]string, name string) bool {
	for k, v := range p.NodeSelector {
		if lv, ok := labels[k]; !ok || lv != v {
			return false
		}
	}
	if !p.HasRequiredNodeAffinity {
		return true
	}
	for _, t := range p.RequiredNodeTerms {
		if t.MatchesNode(labels, name) {
			return true
		}
	}
	return false
}

// PreScore skips the Score of a Pod without preferred terms.
func (*NodeAffinityPlugin) PreScore(_ *framework.CycleState, p *framework.PodInfo, _ []*framework.NodeInfo) *framework.Status {
	if len(p.PreferredNodeTerms) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	return nil
}

// Score sums the weights of the preferred terms the node matches.
func (*NodeAffinityPlugin) Score(_ *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	var sum int64
	for _, t := range p.PreferredNodeTerms {
		if t.Term.MatchesNode(n.Labels, n.Name) {
			sum += t.Weight
		}
	}
	return sum, nil
}

// NormalizeScore scales the sums onto 0–100.
func (*NodeAffinityPlugin) NormalizeScore(_ *framework.CycleState, _ *framework.PodInfo, scores []framework.NodeScore) *framework.Status {
	defaultNormalizeScore(framework.MaxNodeScore, false, scores)
	return nil
}

// EventsToRegister: a node added or relabelled, when the Pod's required
// affinity now matches it and did not before.
func (*NodeAffinityPlugin) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel}, QueueingHintFn: affinityNowMatches},
	}
}

func affinityNowMatches(p *framework.PodInfo, oldObj, newObj any) framework.QueueingHint {
	n := newObj.(*object.Object)
	if !matchesRequired(p, n.Meta.Labels, n.Meta.Name) {
		return framework.QueueSkip
	}
	if oldObj == nil {
		return framework.Queue
	}
	o := oldObj.(*object.Object)
	return hint(!matchesRequired(p, o.Meta.Labels, o.Meta.Name))
}
