package scheduler

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// traceListLimit is how many nodes a FILTER or SCORE detail names one by
// one; beyond it reasons are counted and only the top scores are listed.
const traceListLimit = 10

func (s *Scheduler) decision(verb trace.Verb, pod *framework.PodInfo, out trace.Outcome, detail string) {
	s.env.Log.Append(trace.Event{Time: s.env.Loop.Now(), From: s.cfg.Name, Verb: verb,
		Resource: "pods", Namespace: pod.Namespace, Name: pod.Name, Outcome: out, Detail: detail})
}

// traceFilter records the FILTER event of an attempt: how many nodes were
// evaluated out of how many, which fit, and why each other one did not;
// when none fits, the outcome is Unschedulable with the filter phase's
// message.
//
//	3/3 nodes evaluated: 2 feasible (worker-a, worker-b); worker-c: node(s) had untolerated taint(s)
//	420/1000 nodes evaluated (stop at 420 feasible): 420 feasible
func (s *Scheduler) traceFilter(pod *framework.PodInfo, r filterReport) {
	var b strings.Builder
	var out trace.Outcome
	switch {
	case r.err != nil:
		out = trace.Outcome{Reason: ReasonSchedulerError, Message: r.err.Error()}
		if r.err == ErrNoNodesAvailable {
			out.Reason = ReasonUnschedulable
		}
		fmt.Fprintf(&b, "0/%d nodes evaluated", r.numAll)
		s.decision(trace.Filter, pod, out, b.String())
		return
	case r.nominated != "":
		fmt.Fprintf(&b, "nominated node %s evaluated first: feasible", r.nominated)
		s.decision(trace.Filter, pod, out, b.String())
		return
	case r.diag.PreFilterMsg != "":
		out = trace.Outcome{Reason: ReasonUnschedulable, Message: r.fitError}
		fmt.Fprintf(&b, "0/%d nodes evaluated: PreFilter %s rejected the pod: %s", r.numAll, r.diag.NodeToStatus.AbsentNodesStatus().Plugin(), r.diag.PreFilterMsg)
		s.decision(trace.Filter, pod, out, b.String())
		return
	}
	fmt.Fprintf(&b, "%d/%d nodes evaluated", r.evaluated, r.numAll)
	if r.considered < r.numAll {
		fmt.Fprintf(&b, " (%d allowed by PreFilter)", r.considered)
	}
	if r.toFind < r.considered {
		fmt.Fprintf(&b, " (stop at %d feasible)", r.toFind)
	}
	fmt.Fprintf(&b, ": %d feasible", len(r.feasible))
	if n := len(r.feasible); n > 0 && n <= traceListLimit {
		names := make([]string, n)
		for i, f := range r.feasible {
			names[i] = f.Name
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
	}
	nts := r.diag.NodeToStatus
	if nodes := nts.Nodes(); len(nodes) > 0 && len(nodes) <= traceListLimit {
		for _, n := range nodes {
			st := nts.Get(n)
			fmt.Fprintf(&b, "; %s: %s (%s)", n, st.Message(), st.Plugin())
		}
	} else if len(nodes) > 0 {
		counts := map[string]int{}
		for _, n := range nodes {
			counts[nts.Get(n).Message()]++
		}
		for _, m := range slices.Sorted(maps.Keys(counts)) {
			fmt.Fprintf(&b, "; %d: %s", counts[m], m)
		}
	}
	if r.fitError != "" {
		out = trace.Outcome{Reason: ReasonUnschedulable, Message: r.fitError}
	}
	s.decision(trace.Filter, pod, out, b.String())
}

// traceSingleNode records the SCORE event of an attempt where one node fit:
// Kubernetes does not score then.
func (s *Scheduler) traceSingleNode(pod *framework.PodInfo, host string) {
	s.decision(trace.Score, pod, trace.Outcome{}, fmt.Sprintf("one feasible node, not scored: selected %s", host))
}

// traceScore records the SCORE event: each node's total (the best ten when
// more were scored), the selected node's weighted score per plugin, and
// how many nodes tied for the top.
//
//	worker-a 374, worker-b 370; selected worker-a = TaintToleration 300 + NodeResourcesFit 46 + NodeResourcesBalancedAllocation 28
func (s *Scheduler) traceScore(pod *framework.PodInfo, r *framework.ScoreResult, best, ties int) {
	idx := topScores(r, traceListLimit)
	var b strings.Builder
	if len(r.Nodes) > traceListLimit {
		fmt.Fprintf(&b, "%d nodes scored, best: ", len(r.Nodes))
	}
	var num [20]byte
	for i, n := range idx {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.Nodes[n].Name)
		b.WriteByte(' ')
		b.Write(strconv.AppendInt(num[:0], r.Totals[n], 10))
	}
	b.WriteString("; selected ")
	b.WriteString(r.Nodes[best].Name)
	b.WriteString(" =")
	for j, name := range r.Plugins {
		if j > 0 {
			b.WriteString(" +")
		}
		b.WriteByte(' ')
		b.WriteString(name)
		b.WriteByte(' ')
		b.Write(strconv.AppendInt(num[:0], r.Scores[best*len(r.Plugins)+j], 10))
	}
	if ties > 1 {
		fmt.Fprintf(&b, "; %d nodes tied, picked at random", ties)
	}
	s.decision(trace.Score, pod, trace.Outcome{}, b.String())
}

// topScores returns the indexes of the k best nodes, highest total first,
// ties by name: a partial insertion sort, as only a few are shown.
func topScores(r *framework.ScoreResult, k int) []int {
	better := func(a, b int) bool {
		if r.Totals[a] != r.Totals[b] {
			return r.Totals[a] > r.Totals[b]
		}
		return r.Nodes[a].Name < r.Nodes[b].Name
	}
	top := make([]int, 0, k+1)
	for i := range r.Nodes {
		if len(top) == k && !better(i, top[k-1]) {
			continue
		}
		j := len(top)
		top = append(top, i)
		for ; j > 0 && better(i, top[j-1]); j-- {
			top[j] = top[j-1]
		}
		top[j] = i
		if len(top) > k {
			top = top[:k]
		}
	}
	return top
}
