package plugins

import (
	"fmt"
	"math"
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// DefaultPreemption's messages (framework/preemption/preemption.go and
// plugins/defaultpreemption/default_preemption.go).
const (
	MsgPreemptionNotHelpful = "Preemption is not helpful for scheduling"
	MsgNoPreemptionVictims  = "No preemption victims found for incoming pod"
	msgPreemptNever         = "not eligible due to preemptionPolicy=Never."
	preemptionPrefix        = "preemption: "
)

// Preemptor carries out a preemption the plugin decided on: it marks and
// deletes the victims through the API and records Preempted events. The
// scheduler implements it.
type Preemptor interface {
	PreemptVictims(preemptor *framework.PodInfo, node string, victims []*framework.PodInfo) *framework.Status
}

// DefaultPreemptionPlugin is the PostFilter that runs when no node fits: it
// looks for a node where evicting Pods of lower priority would make room,
// evicts the fewest and least important, and nominates the Pod to that
// node. When no node qualifies it explains why, in the message that ends
// the Pod's FailedScheduling event ("preemption: 0/3 nodes are available:
// 3 Preemption is not helpful for scheduling."). PodDisruptionBudgets are
// not modelled (every candidate violates none), nor is the partial search
// Kubernetes stops after enough candidates: every node is dry-run.
type DefaultPreemptionPlugin struct {
	Handle Handle
}

// Name returns "DefaultPreemption".
func (*DefaultPreemptionPlugin) Name() string { return DefaultPreemption }

type candidate struct {
	node    string
	victims []*framework.PodInfo
}

// PostFilter is Evaluator.Preempt.
func (pl *DefaultPreemptionPlugin) PostFilter(state *framework.CycleState, p *framework.PodInfo, m *framework.NodeToStatus) (*framework.PostFilterResult, *framework.Status) {
	if p.PreemptionPolicy == "Never" {
		return nil, framework.NewStatus(framework.Unschedulable, preemptionPrefix+msgPreemptNever)
	}
	all := pl.Handle.NodeInfos()
	statuses := framework.NewNodeToStatus()
	var candidates []candidate
	for _, n := range all {
		// Only nodes that failed with Unschedulable may be helped by
		// removing Pods (NodesForStatusCode).
		if m.Get(n.Name).Code() != framework.Unschedulable {
			continue
		}
		victims, st := pl.selectVictimsOnNode(state, p, n)
		if st.IsSuccess() && len(victims) > 0 {
			candidates = append(candidates, candidate{node: n.Name, victims: victims})
			continue
		}
		if st.IsSuccess() {
			st = framework.AsStatus(fmt.Errorf("expected at least one victim pod on node %q", n.Name))
		}
		statuses.Set(n.Name, st)
	}
	if len(candidates) == 0 {
		statuses.SetAbsentNodesStatus(framework.NewStatus(framework.UnschedulableAndUnresolvable, MsgPreemptionNotHelpful))
		fe := &framework.FitError{Pod: p, NumAllNodes: len(all), Diagnosis: framework.Diagnosis{NodeToStatus: statuses}}
		return &framework.PostFilterResult{}, framework.NewStatus(framework.Unschedulable, preemptionPrefix+fe.Error())
	}
	best := pickOneNodeForPreemption(candidates)
	if pr, ok := pl.Handle.(Preemptor); ok {
		if st := pr.PreemptVictims(p, best.node, best.victims); !st.IsSuccess() {
			return nil, st
		}
	}
	return &framework.PostFilterResult{NominatedNodeName: best.node}, framework.NewStatus(framework.Success,
		preemptionPrefix+fmt.Sprintf("found a potential placement for pod on node %v, preempting %d victims", best.node, len(best.victims)))
}

// selectVictimsOnNode removes every Pod of lower priority from a copy of the
// node; if the Pod then fits, it puts back as many as it can, most
// important first, and returns the rest.
func (pl *DefaultPreemptionPlugin) selectVictimsOnNode(state *framework.CycleState, p *framework.PodInfo, n *framework.NodeInfo) ([]*framework.PodInfo, *framework.Status) {
	var potential []*framework.PodInfo
	for _, q := range n.Pods {
		if q.Priority < p.Priority {
			potential = append(potential, q)
		}
	}
	if len(potential) == 0 {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, MsgNoPreemptionVictims)
	}
	fwk := pl.Handle.Framework()
	c := n.Clone()
	for _, v := range potential {
		c.RemovePod(v)
	}
	if st := fwk.RunFilterPlugins(state, p, c); !st.IsSuccess() {
		return nil, st
	}
	sort.SliceStable(potential, func(i, j int) bool { return moreImportant(potential[i], potential[j]) })
	var victims []*framework.PodInfo
	for _, v := range potential {
		c.AddPod(v)
		if !fwk.RunFilterPlugins(state, p, c).IsSuccess() {
			c.RemovePod(v)
			victims = append(victims, v)
		}
	}
	return victims, nil
}

// moreImportant orders victims: higher priority, then the one started
// earlier (preemption.MoreImportantVictim for single Pods).
func moreImportant(a, b *framework.PodInfo) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	return a.StartTime.Before(b.StartTime)
}

// pickOneNodeForPreemption narrows the candidates by, in turn: the lowest
// highest victim priority, the lowest sum of priorities, the fewest
// victims, the latest start among the highest-priority victims; then the
// first left (Kubernetes' candidates come from a map, so its last tie is
// random; here it is node order).
func pickOneNodeForPreemption(cs []candidate) candidate {
	scores := []func(c candidate) int64{
		func(c candidate) int64 { return -c.victims[0].Priority },
		func(c candidate) int64 {
			var sum int64
			for _, v := range c.victims {
				sum += v.Priority + int64(math.MaxInt32) + 1
			}
			return -sum
		},
		func(c candidate) int64 { return -int64(len(c.victims)) },
		func(c candidate) int64 {
			earliest := c.victims[0].StartTime
			for _, v := range c.victims {
				if v.Priority == c.victims[0].Priority && v.StartTime.Before(earliest) {
					earliest = v.StartTime
				}
			}
			return earliest.UnixNano()
		},
	}
	for _, f := range scores {
		var best []candidate
		maxScore := int64(math.MinInt64)
		for _, c := range cs {
			s := f(c)
			if s > maxScore {
				maxScore, best = s, best[:0]
			}
			if s == maxScore {
				best = append(best, c)
			}
		}
		if len(best) == 1 {
			return best[0]
		}
		cs = best
	}
	return cs[0]
}
