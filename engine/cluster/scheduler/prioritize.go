package scheduler

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// prioritizeAndSelect runs PreScore and Score on the feasible nodes and
// picks the highest total (schedule_one.go, prioritizeNodes; the pick is
// framework/sorted_nodes.go's heap).
//
// Equal top scores: Kubernetes means to pick at random among them. v1.37's
// heap breaks ties by a per-node Randomizer that it only fills when score
// extenders are configured (kubernetes/kubernetes#141024); without them the
// order of the feasible nodes, which parallel filtering makes
// nondeterministic, decides. The model picks uniformly among the tied nodes
// with the run's seeded generator, by reservoir sampling as selectHost did
// before v1.35 (kubernetes/kubernetes#78009): reproducible from the seed,
// and as random as Kubernetes across seeds.
func (s *Scheduler) prioritizeAndSelect(state *framework.CycleState, pod *framework.PodInfo, nodes []*framework.NodeInfo) (string, *framework.Status) {
	if st := s.fwk.RunPreScorePlugins(state, pod, nodes); !st.IsSuccess() {
		return "", st
	}
	res, st := s.fwk.RunScorePlugins(state, pod, nodes)
	if !st.IsSuccess() {
		return "", st
	}
	best, ties := 0, 1
	for i := 1; i < len(nodes); i++ {
		switch t := res.Totals[i]; {
		case t > res.Totals[best]:
			best, ties = i, 1
		case t == res.Totals[best]:
			ties++
			if s.env.Rand.Intn(ties) == 0 {
				best = i
			}
		}
	}
	s.traceScore(pod, res, best, ties)
	return nodes[best].Name, nil
}
