package scheduler

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// Bounds of the search for feasible nodes (schedule_one.go).
const (
	// MinFeasibleNodesToFind is the fewest nodes a search stops at, so
	// that small clusters are always searched whole.
	MinFeasibleNodesToFind = 100
	// MinFeasibleNodesPercentageToFind is the floor of the adaptive
	// percentage.
	MinFeasibleNodesPercentageToFind = 5
)

// NumFeasibleNodesToFind returns how many feasible nodes a search stops
// at (schedule_one.go, numFeasibleNodesToFind): every node below 100
// nodes; otherwise percentage of them, at least 100, where a percentage of
// 0 means adaptive, 50 − numAllNodes/125 with a floor of 5 (1,000 nodes:
// 42 %, 420 nodes; from 5,625 nodes on: 5 %).
func NumFeasibleNodesToFind(percentage int32, numAllNodes int32) int32 {
	if numAllNodes < MinFeasibleNodesToFind {
		return numAllNodes
	}
	if percentage == 0 {
		percentage = 50 - numAllNodes/125
		if percentage < MinFeasibleNodesPercentageToFind {
			percentage = MinFeasibleNodesPercentageToFind
		}
	}
	n := numAllNodes * percentage / 100
	if n < MinFeasibleNodesToFind {
		return MinFeasibleNodesToFind
	}
	return n
}

// filterReport is what the FILTER trace event tells.
type filterReport struct {
	numAll, considered, evaluated, toFind int
	feasible                              []*framework.NodeInfo
	diag                                  framework.Diagnosis
	nominated                             string
	fitError                              string
	err                                   error
}

// findNodesThatFitPod runs PreFilter, tries the Pod's nominated node first,
// then Filter on nodes from where the last search stopped until enough fit
// (schedule_one.go, findNodesThatFitPod).
func (s *Scheduler) findNodesThatFitPod(state *framework.CycleState, pod *framework.PodInfo, all []*framework.NodeInfo) ([]*framework.NodeInfo, framework.Diagnosis, filterReport, error) {
	diag := framework.Diagnosis{NodeToStatus: framework.NewNodeToStatus()}
	report := filterReport{numAll: len(all)}
	preRes, st, withNodes := s.fwk.RunPreFilterPlugins(state, pod, all)
	if len(withNodes) > 0 {
		diag.UnschedulablePlugins = map[string]bool{}
		for _, p := range withNodes {
			diag.UnschedulablePlugins[p] = true
		}
	}
	if !st.IsSuccess() {
		if !st.IsRejected() {
			return nil, diag, report, st.AsError()
		}
		diag.NodeToStatus.SetAbsentNodesStatus(st)
		diag.PreFilterMsg = st.Message()
		diag.AddPluginStatus(st)
		report.diag = diag
		return nil, diag, report, nil
	}
	if nnn := pod.NominatedNodeName; nnn != "" {
		if n, ok := s.cache.Node(nnn); ok {
			if st := s.runFilterPluginsWithNominatedPods(state, pod, n); st.IsSuccess() {
				report.evaluated, report.nominated = 1, nnn
				report.feasible = []*framework.NodeInfo{n}
				report.diag = diag
				return report.feasible, diag, report, nil
			} else if st.Code() == framework.Error {
				return nil, diag, report, st.AsError()
			}
		}
	}
	nodes := all
	if !preRes.AllNodes() {
		nodes = make([]*framework.NodeInfo, 0, len(preRes.NodeNames))
		for _, n := range all {
			if preRes.NodeNames[n.Name] {
				nodes = append(nodes, n)
			}
		}
		diag.NodeToStatus.SetAbsentNodesStatus(framework.NewStatus(framework.UnschedulableAndUnresolvable,
			fmt.Sprintf("node(s) didn't satisfy plugin(s) %v", withNodes)))
	}
	feasible, err := s.findNodesThatPassFilters(state, pod, &diag, nodes, &report)
	processed := len(feasible) + diag.NodeToStatus.Len()
	s.nextStartNodeIndex = (s.nextStartNodeIndex + processed) % len(all)
	report.feasible, report.diag, report.considered = feasible, diag, len(nodes)
	return feasible, diag, report, err
}

// findNodesThatPassFilters filters nodes in turn, starting where the last
// search stopped, until NumFeasibleNodesToFind fit. Kubernetes runs the
// nodes in parallel and cancels once enough fit; one after another, the
// same nodes are found.
func (s *Scheduler) findNodesThatPassFilters(state *framework.CycleState, pod *framework.PodInfo, diag *framework.Diagnosis, nodes []*framework.NodeInfo, report *filterReport) ([]*framework.NodeInfo, error) {
	numAll := len(nodes)
	if numAll == 0 {
		return nil, nil
	}
	toFind := int(NumFeasibleNodesToFind(s.fwk.PercentageOfNodesToScore, int32(numAll)))
	if !s.fwk.HasScorePlugins() {
		toFind = 1
	}
	report.toFind = toFind
	feasible := s.feasible[:0]
	defer func() { s.feasible = feasible[:0] }()
	filter := s.runFilterPluginsWithNominatedPods
	if s.nominator.empty() {
		filter = func(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
			return s.fwk.RunFilterPlugins(state, pod, n)
		}
	}
	// From nextStartNodeIndex to the end, then from the start.
	start := s.nextStartNodeIndex % numAll
	for _, part := range [2][]*framework.NodeInfo{nodes[start:], nodes[:start]} {
		for _, n := range part {
			report.evaluated++
			st := filter(state, pod, n)
			if st == nil {
				feasible = append(feasible, n)
				if len(feasible) == toFind {
					return feasible, nil
				}
				continue
			}
			if st.Code() == framework.Error {
				return feasible, st.AsError()
			}
			diag.NodeToStatus.Set(n.Name, st)
			diag.AddPluginStatus(st)
		}
	}
	return feasible, nil
}

// runFilterPluginsWithNominatedPods filters a node as if the Pods nominated
// to it with at least the Pod's priority already ran there, and, if the Pod
// fits so, also as it is (framework.go, RunFilterPluginsWithNominatedPods).
func (s *Scheduler) runFilterPluginsWithNominatedPods(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if s.nominator.empty() {
		return s.fwk.RunFilterPlugins(state, pod, n)
	}
	nominated := s.nominator.forNode(n.Name, pod)
	if len(nominated) == 0 {
		return s.fwk.RunFilterPlugins(state, pod, n)
	}
	c := n.Clone()
	for _, q := range nominated {
		c.AddPod(q)
	}
	if st := s.fwk.RunFilterPlugins(state, pod, c); !st.IsSuccess() {
		return st
	}
	return s.fwk.RunFilterPlugins(state, pod, n)
}
