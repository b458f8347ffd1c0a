package framework

import (
	"fmt"
	"slices"
)

// PluginEntry is a plugin of a profile with its score weight (0 for a
// plugin that does not score).
type PluginEntry struct {
	Plugin Plugin
	Weight int64
}

// Framework runs one profile's plugins at each extension point, in the
// profile's order (pkg/scheduler/framework/runtime/framework.go). A plugin
// takes part in every extension point whose interface it implements, as
// the MultiPoint configuration expands it.
//
// The Framework reuses its score buffers from one cycle to the next: a
// ScoreResult is valid until the next RunScorePlugins.
type Framework struct {
	profileName string
	queueSort   QueueSortPlugin
	preEnqueue  []PreEnqueuePlugin
	preFilter   []PreFilterPlugin
	filter      []FilterPlugin
	postFilter  []PostFilterPlugin
	preScore    []PreScorePlugin
	score       []ScorePlugin
	preBind     []PreBindPlugin
	weights     map[string]int64
	plugins     []Plugin
	hints       *QueueingHintMap

	// PercentageOfNodesToScore is the profile's setting; 0 means adaptive.
	PercentageOfNodesToScore int32

	buf ScoreResult
}

// NewFramework builds a framework for profile from its plugins in order.
func NewFramework(profile string, entries []PluginEntry) *Framework {
	f := &Framework{profileName: profile, weights: map[string]int64{}}
	for _, e := range entries {
		p := e.Plugin
		f.plugins = append(f.plugins, p)
		if qs, ok := p.(QueueSortPlugin); ok && f.queueSort == nil {
			f.queueSort = qs
		}
		if pe, ok := p.(PreEnqueuePlugin); ok {
			f.preEnqueue = append(f.preEnqueue, pe)
		}
		if pf, ok := p.(PreFilterPlugin); ok {
			f.preFilter = append(f.preFilter, pf)
		}
		if fp, ok := p.(FilterPlugin); ok {
			f.filter = append(f.filter, fp)
		}
		if pf, ok := p.(PostFilterPlugin); ok {
			f.postFilter = append(f.postFilter, pf)
		}
		if ps, ok := p.(PreScorePlugin); ok {
			f.preScore = append(f.preScore, ps)
		}
		if pb, ok := p.(PreBindPlugin); ok {
			f.preBind = append(f.preBind, pb)
		}
		if sp, ok := p.(ScorePlugin); ok {
			f.score = append(f.score, sp)
			f.weights[p.Name()] = max(e.Weight, 1)
		}
	}
	f.hints = NewQueueingHintMap(f.plugins)
	return f
}

// ProfileName returns the profile's scheduler name.
func (f *Framework) ProfileName() string { return f.profileName }

// QueueSort returns the queue sort plugin.
func (f *Framework) QueueSort() QueueSortPlugin { return f.queueSort }

// QueueingHints returns the plugins' event registrations.
func (f *Framework) QueueingHints() *QueueingHintMap { return f.hints }

// Plugins returns the plugins in profile order.
func (f *Framework) Plugins() []Plugin { return f.plugins }

// FilterPluginNames returns the Filter plugins in the order they run.
func (f *Framework) FilterPluginNames() []string {
	out := make([]string, len(f.filter))
	for i, p := range f.filter {
		out[i] = p.Name()
	}
	return out
}

// ScoreWeights returns the Score plugins and their weights, in order.
func (f *Framework) ScoreWeights() []PluginScore {
	out := make([]PluginScore, len(f.score))
	for i, p := range f.score {
		out[i] = PluginScore{Name: p.Name(), Score: f.weights[p.Name()]}
	}
	return out
}

// HasScorePlugins reports whether the profile scores.
func (f *Framework) HasScorePlugins() bool { return len(f.score) > 0 }

// HasPostFilterPlugins reports whether the profile has PostFilter plugins.
func (f *Framework) HasPostFilterPlugins() bool { return len(f.postFilter) > 0 }

// RunPreEnqueuePlugins returns the first non-success status.
func (f *Framework) RunPreEnqueuePlugins(p *PodInfo) *Status {
	for _, pl := range f.preEnqueue {
		if s := pl.PreEnqueue(p); !s.IsSuccess() {
			return withPlugin(s, pl.Name())
		}
	}
	return nil
}

// RunPreFilterPlugins runs every PreFilter plugin: Skip marks the plugin's
// Filter skipped; UnschedulableAndUnresolvable stops at once; Unschedulable
// is remembered while the others run (so preemption sees them all); the
// results are intersected, and an empty intersection rejects the Pod with
// "node(s) didn't satisfy plugin(s) [A B] simultaneously". It returns the
// plugins that narrowed the nodes, sorted.
func (f *Framework) RunPreFilterPlugins(state *CycleState, p *PodInfo, nodes []*NodeInfo) (*PreFilterResult, *Status, []string) {
	var result *PreFilterResult
	var withNodes []string
	var ret *Status
	for _, pl := range f.preFilter {
		r, s := pl.PreFilter(state, p, nodes)
		if s.IsSkip() {
			state.SetSkipFilter(pl.Name())
			continue
		}
		if !s.IsSuccess() {
			s = withPlugin(s, pl.Name())
			switch s.Code() {
			case UnschedulableAndUnresolvable:
				return nil, s, nil
			case Unschedulable:
				ret = s
				continue
			}
			return nil, AsStatus(fmt.Errorf("running PreFilter plugin %q: %w", pl.Name(), s.AsError())).WithPlugin(pl.Name()), nil
		}
		if !r.AllNodes() {
			withNodes = append(withNodes, pl.Name())
		}
		result = result.Merge(r)
		if !result.AllNodes() && len(result.NodeNames) == 0 {
			slices.Sort(withNodes)
			msg := fmt.Sprintf("node(s) didn't satisfy plugin(s) %v simultaneously", withNodes)
			if len(withNodes) == 1 {
				msg = fmt.Sprintf("node(s) didn't satisfy plugin %v", withNodes[0])
			}
			return result, NewStatus(UnschedulableAndUnresolvable, msg), withNodes
		}
	}
	slices.Sort(withNodes)
	return result, ret, withNodes
}

// RunFilterPlugins runs the Filter plugins on one node and returns the
// first rejection, naming its plugin; a status other than a rejection
// becomes an Error.
func (f *Framework) RunFilterPlugins(state *CycleState, p *PodInfo, n *NodeInfo) *Status {
	if !state.filtersSet {
		state.filters = state.filters[:0]
		for _, pl := range f.filter {
			if !state.SkipFilter(pl.Name()) {
				state.filters = append(state.filters, pl)
			}
		}
		state.filtersSet = true
	}
	for _, pl := range state.filters {
		if s := pl.Filter(state, p, n); !s.IsSuccess() {
			if !s.IsRejected() {
				return AsStatus(fmt.Errorf("running %q filter plugin: %w", pl.Name(), s.AsError())).WithPlugin(pl.Name())
			}
			return withPlugin(s, pl.Name())
		}
	}
	return nil
}

// RunPostFilterPlugins runs the PostFilter plugins until one succeeds or
// errs, and returns its result; otherwise the last plugin's.
func (f *Framework) RunPostFilterPlugins(state *CycleState, p *PodInfo, m *NodeToStatus) (*PostFilterResult, *Status) {
	var result *PostFilterResult
	var last *Status
	for _, pl := range f.postFilter {
		r, s := pl.PostFilter(state, p, m)
		if s.IsSuccess() || s.Code() == Error {
			return r, withPlugin(s, pl.Name())
		}
		result, last = r, withPlugin(s, pl.Name())
	}
	return result, last
}

// RunPreScorePlugins runs the PreScore plugins; Skip marks the plugin's
// Score skipped.
func (f *Framework) RunPreScorePlugins(state *CycleState, p *PodInfo, nodes []*NodeInfo) *Status {
	for _, pl := range f.preScore {
		s := pl.PreScore(state, p, nodes)
		if s.IsSkip() {
			state.SetSkipScore(pl.Name())
			continue
		}
		if !s.IsSuccess() {
			return AsStatus(fmt.Errorf("running PreScore plugin %q: %w", pl.Name(), s.AsError()))
		}
	}
	return nil
}
