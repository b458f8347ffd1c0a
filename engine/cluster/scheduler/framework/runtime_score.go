package framework

import "fmt"

// ScoreResult is the outcome of the Score phase: for each scored node, each
// plugin's weighted score and the total. It belongs to the Framework and is
// valid until the next RunScorePlugins.
type ScoreResult struct {
	// Plugins are the Score plugins that ran, in order; Weights theirs.
	Plugins []string
	Weights []int64
	Nodes   []*NodeInfo
	// Scores[i*len(Plugins)+j] is node i's weighted score from plugin j.
	Scores []int64
	Totals []int64
	raw    []NodeScore
}

// Breakdown returns node i's weighted score per plugin.
func (r *ScoreResult) Breakdown(i int) []PluginScore {
	out := make([]PluginScore, len(r.Plugins))
	for j, name := range r.Plugins {
		out[j] = PluginScore{Name: name, Score: r.Scores[i*len(r.Plugins)+j]}
	}
	return out
}

// RunScorePlugins scores every node with each plugin whose PreScore did
// not skip it, normalizes each plugin's scores across the nodes, checks
// they lie in [0, 100], and weighs and sums them (framework.go,
// RunScorePlugins and normalizeScores).
func (f *Framework) RunScorePlugins(state *CycleState, p *PodInfo, nodes []*NodeInfo) (*ScoreResult, *Status) {
	r := &f.buf
	r.Plugins, r.Weights, r.Nodes = r.Plugins[:0], r.Weights[:0], nodes
	var active []ScorePlugin
	for _, pl := range f.score {
		if !state.SkipScore(pl.Name()) {
			active = append(active, pl)
			r.Plugins = append(r.Plugins, pl.Name())
			r.Weights = append(r.Weights, f.weights[pl.Name()])
		}
	}
	np := len(active)
	r.Scores = grow(r.Scores, len(nodes)*np)
	r.Totals = grow(r.Totals, len(nodes))
	clear(r.Totals)
	if cap(r.raw) < len(nodes) {
		r.raw = make([]NodeScore, len(nodes))
	}
	raw := r.raw[:len(nodes)]
	for i, n := range nodes {
		raw[i].Name = n.Name
	}
	for j, pl := range active {
		for i, n := range nodes {
			s, st := pl.Score(state, p, n)
			if st != nil && !st.IsSuccess() {
				return nil, AsStatus(fmt.Errorf("running Score plugins: plugin %q failed with: %w", pl.Name(), st.AsError()))
			}
			raw[i].Score = s
		}
		if norm, ok := pl.(ScoreNormalizer); ok {
			if st := norm.NormalizeScore(state, p, raw); !st.IsSuccess() {
				return nil, AsStatus(fmt.Errorf("running Normalize on Score plugins: plugin %q failed with: %w", pl.Name(), st.AsError()))
			}
		}
		w := r.Weights[j]
		scores, totals := r.Scores, r.Totals[:len(raw)]
		for i := range raw {
			s := raw[i].Score
			if s > MaxNodeScore || s < MinNodeScore {
				return nil, AsStatus(fmt.Errorf("applying score defaultWeights on Score plugins: plugin %q returns an invalid score %v, it should in the range of [%v, %v] after normalizing", pl.Name(), s, MinNodeScore, MaxNodeScore))
			}
			scores[i*np+j] = s * w
			totals[i] += s * w
		}
	}
	return r, nil
}

func grow(s []int64, n int) []int64 {
	if cap(s) < n {
		return make([]int64, n)
	}
	return s[:n]
}

// withPlugin names the plugin on a status that does not name one yet.
// Plugins name their shared statuses themselves, so those are never
// modified.
func withPlugin(s *Status, name string) *Status {
	if s != nil && s.plugin == "" {
		s.plugin = name
	}
	return s
}
