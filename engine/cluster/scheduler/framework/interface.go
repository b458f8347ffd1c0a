package framework

// MaxNodeScore is the highest score a Score plugin may give after
// normalization, MinNodeScore the lowest (k8s.io/kube-scheduler/framework,
// interface.go).
const (
	MaxNodeScore int64 = 100
	MinNodeScore int64 = 0
)

// Plugin is a scheduling plugin, named as in Kubernetes' default profile.
type Plugin interface {
	Name() string
}

// QueueSortPlugin orders the active queue.
type QueueSortPlugin interface {
	Plugin
	Less(a, b *QueuedPodInfo) bool
}

// PreEnqueuePlugin may hold a Pod out of the active queue (scheduling
// gates); a non-success status keeps it gated.
type PreEnqueuePlugin interface {
	Plugin
	PreEnqueue(p *PodInfo) *Status
}

// PreFilterResult narrows the nodes Filter runs on; nil NodeNames means
// every node.
type PreFilterResult struct {
	NodeNames map[string]bool
}

// AllNodes reports whether the result allows every node.
func (r *PreFilterResult) AllNodes() bool { return r == nil || r.NodeNames == nil }

// Merge intersects two results (nil is every node).
func (r *PreFilterResult) Merge(o *PreFilterResult) *PreFilterResult {
	switch {
	case r.AllNodes():
		return o
	case o.AllNodes():
		return r
	}
	out := map[string]bool{}
	for n := range r.NodeNames {
		if o.NodeNames[n] {
			out[n] = true
		}
	}
	return &PreFilterResult{NodeNames: out}
}

// PreFilterPlugin runs once per cycle before Filter. Skip skips its Filter;
// a rejection rejects every node.
type PreFilterPlugin interface {
	Plugin
	PreFilter(state *CycleState, p *PodInfo, nodes []*NodeInfo) (*PreFilterResult, *Status)
}

// FilterPlugin decides whether a Pod fits a node.
type FilterPlugin interface {
	Plugin
	Filter(state *CycleState, p *PodInfo, n *NodeInfo) *Status
}

// PostFilterResult is what a PostFilter plugin proposes: the node the Pod
// is nominated to once preemption has made room there.
type PostFilterResult struct {
	NominatedNodeName string
}

// PostFilterPlugin runs when no node fits (preemption).
type PostFilterPlugin interface {
	Plugin
	PostFilter(state *CycleState, p *PodInfo, statuses *NodeToStatus) (*PostFilterResult, *Status)
}

// PreScorePlugin runs once per cycle before Score. Skip skips its Score.
type PreScorePlugin interface {
	Plugin
	PreScore(state *CycleState, p *PodInfo, nodes []*NodeInfo) *Status
}

// ScorePlugin ranks a feasible node.
type ScorePlugin interface {
	Plugin
	Score(state *CycleState, p *PodInfo, n *NodeInfo) (int64, *Status)
}

// ScoreNormalizer is a ScorePlugin whose raw scores are rescaled to
// [MinNodeScore, MaxNodeScore] across the scored nodes.
type ScoreNormalizer interface {
	NormalizeScore(state *CycleState, p *PodInfo, scores []NodeScore) *Status
}

// EnqueueExtensions names the cluster events that may make a Pod this
// plugin rejected schedulable, each with an optional hint that looks closer.
type EnqueueExtensions interface {
	EventsToRegister() []ClusterEventWithHint
}

// NodeScore is one node's score from one plugin.
type NodeScore struct {
	Name  string
	Score int64
}

// PluginScore is one plugin's weighted score for a node.
type PluginScore struct {
	Name  string
	Score int64
}

// NodePluginScores is a node's scores: per plugin (weighted) and total.
type NodePluginScores struct {
	Name       string
	Scores     []PluginScore
	TotalScore int64
}
