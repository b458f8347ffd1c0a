package replicaset

import (
	"math"
	"sort"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podPhaseOrdinal is controller_utils.go's podPhaseToOrdinal: Pending <
// Unknown < Running; other phases count as Pending.
func podPhaseOrdinal(phase string) int {
	switch phase {
	case podUnknown:
		return 1
	case podRunning:
		return 2
	}
	return 0
}

// getPodsToDelete is replica_set.go's: when only some Pods go, the first
// diff Pods in the deletion ranking.
func getPodsToDelete(pods, related []*object.Object, diff int, now time.Time) []*object.Object {
	if diff < len(pods) {
		sort.Sort(rankedByRelatedPodsOnSameNode(pods, related, now))
	}
	return pods[:diff]
}

// rankedByRelatedPodsOnSameNode is getPodsRankedByRelatedPodsOnSameNode:
// each Pod's rank is the number of active related Pods on its node.
func rankedByRelatedPodsOnSameNode(pods, related []*object.Object, now time.Time) activePodsWithRanks {
	onNode := map[string]int{}
	for _, p := range related {
		if isPodActive(p) {
			onNode[podNodeName(p)]++
		}
	}
	ranks := make([]int, len(pods))
	for i, p := range pods {
		ranks[i] = onNode[podNodeName(p)]
	}
	return activePodsWithRanks{pods: pods, rank: ranks, now: now}
}

// activePodsWithRanks is controller.ActivePodsWithRanks: sorted, the Pods
// to delete come first.
type activePodsWithRanks struct {
	pods []*object.Object
	rank []int
	now  time.Time
}

// Len is sort.Interface's.
func (s activePodsWithRanks) Len() int { return len(s.pods) }

// Swap is sort.Interface's: Pods and ranks move together.
func (s activePodsWithRanks) Swap(i, j int) {
	s.pods[i], s.pods[j] = s.pods[j], s.pods[i]
	s.rank[i], s.rank[j] = s.rank[j], s.rank[i]
}

// Less applies, in turn: unassigned < assigned; Pending < Unknown <
// Running; not ready < ready; lower pod-deletion-cost first; more related
// Pods on the node first; ready for less time first; more restarts first;
// newer first. Times compare on a log2 scale from now, ties broken by UID.
func (s activePodsWithRanks) Less(i, j int) bool {
	pi, pj := s.pods[i], s.pods[j]
	ni, nj := podNodeName(pi), podNodeName(pj)
	if ni != nj && (ni == "" || nj == "") {
		return ni == ""
	}
	if oi, oj := podPhaseOrdinal(podPhase(pi)), podPhaseOrdinal(podPhase(pj)); oi != oj {
		return oi < oj
	}
	ri, ti := podReady(pi)
	rj, tj := podReady(pj)
	if ri != rj {
		return !ri
	}
	if ci, cj := podDeletionCost(pi), podDeletionCost(pj); ci != cj {
		return ci < cj
	}
	if s.rank[i] != s.rank[j] {
		return s.rank[i] > s.rank[j]
	}
	if ri && rj && !ti.Equal(tj) {
		if s.now.IsZero() || ti.IsZero() || tj.IsZero() {
			return afterOrZero(ti, tj)
		}
		if d := logarithmicRankDiff(ti, tj, s.now); d != 0 {
			return d < 0
		}
		return pi.Meta.UID < pj.Meta.UID
	}
	if res, ok := compareMaxContainerRestarts(pi, pj); ok {
		return res
	}
	ci, cj := pi.Meta.CreationTimestamp, pj.Meta.CreationTimestamp
	if !ci.Equal(cj) {
		if s.now.IsZero() || ci.IsZero() || cj.IsZero() {
			return afterOrZero(ci, cj)
		}
		if d := logarithmicRankDiff(ci, cj, s.now); d != 0 {
			return d < 0
		}
		return pi.Meta.UID < pj.Meta.UID
	}
	return false
}

// afterOrZero reports whether t1 is after t2, a zero time counting as
// after any other.
func afterOrZero(t1, t2 time.Time) bool {
	if t1.IsZero() || t2.IsZero() {
		return t1.IsZero()
	}
	return t1.After(t2)
}

// logarithmicRankDiff compares the base-2 logarithms of two ages.
func logarithmicRankDiff(t1, t2, now time.Time) int64 {
	d1, d2 := now.Sub(t1), now.Sub(t2)
	r1, r2 := int64(-1), int64(-1)
	if d1 > 0 {
		r1 = int64(math.Log2(float64(d1)))
	}
	if d2 > 0 {
		r2 = int64(math.Log2(float64(d2)))
	}
	return r1 - r2
}

// compareMaxContainerRestarts: true when pi restarted more, false when pj
// did, ok false on a tie; regular containers first, then sidecars.
func compareMaxContainerRestarts(pi, pj *object.Object) (res, ok bool) {
	ri, si := maxContainerRestarts(pi)
	rj, sj := maxContainerRestarts(pj)
	if ri != rj {
		return ri > rj, true
	}
	if si != sj {
		return si > sj, true
	}
	return false, false
}
