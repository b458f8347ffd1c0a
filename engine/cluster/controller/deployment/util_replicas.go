package deployment

import (
	"fmt"
	"math"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// resolveFenceposts is util.ResolveFenceposts: maxSurge resolved against
// the desired replicas rounding up, maxUnavailable rounding down, an unset
// value counting 0; both 0 makes maxUnavailable 1, so that a rollout can
// start.
func resolveFenceposts(surge, unavail any, desired int32) (int32, int32, error) {
	s, err := scaled(surge, desired, true)
	if err != nil {
		return 0, 0, err
	}
	u, err := scaled(unavail, desired, false)
	if err != nil {
		return 0, 0, err
	}
	if s == 0 && u == 0 {
		u = 1
	}
	return s, u, nil
}

func scaled(v any, total int32, roundUp bool) (int32, error) {
	if v == nil {
		return 0, nil // intstrutil.ValueOrDefault(nil, FromInt32(0))
	}
	n, err := object.ScaledIntOrPercent(v, int(total), roundUp)
	return int32(n), err
}

// maxUnavailable is util.MaxUnavailable: 0 for Recreate or no replicas,
// at most the replicas.
func maxUnavailable(d *deployment) int32 {
	if !d.isRollingUpdate() || d.replicas == 0 {
		return 0
	}
	_, u, _ := resolveFenceposts(d.maxSurge, d.maxUnavail, d.replicas)
	return min(u, d.replicas)
}

// maxSurge is util.MaxSurge: 0 for Recreate.
func maxSurge(d *deployment) int32 {
	if !d.isRollingUpdate() {
		return 0
	}
	s, _, _ := resolveFenceposts(d.maxSurge, d.maxUnavail, d.replicas)
	return s
}

// The sums over ReplicaSets; nil entries (no new ReplicaSet yet) count 0.

func replicaCount(rss []*replicaSet) (n int32) { // GetReplicaCountForReplicaSets
	for _, rs := range rss {
		if rs != nil {
			n += rs.replicas
		}
	}
	return n
}

func actualReplicaCount(rss []*replicaSet) (n int32) { // GetActualReplicaCountForReplicaSets
	for _, rs := range rss {
		if rs != nil {
			n += rs.status.Replicas
		}
	}
	return n
}

func readyReplicaCount(rss []*replicaSet) (n int32) { // GetReadyReplicaCountForReplicaSets
	for _, rs := range rss {
		if rs != nil {
			n += rs.status.ReadyReplicas
		}
	}
	return n
}

func availableReplicaCount(rss []*replicaSet) (n int32) { // GetAvailableReplicaCountForReplicaSets
	for _, rs := range rss {
		if rs != nil {
			n += rs.status.AvailableReplicas
		}
	}
	return n
}

// terminatingReplicaCount is GetTerminatingReplicaCountForReplicaSets: nil
// when a ReplicaSet its controller has synced does not report it.
func terminatingReplicaCount(rss []*replicaSet) *int32 {
	var n int32
	for _, rs := range rss {
		switch {
		case rs == nil:
		case rs.status.ObservedGeneration == 0 && rs.status.TerminatingReplicas == nil:
		case rs.status.TerminatingReplicas == nil:
			return nil
		default:
			n += *rs.status.TerminatingReplicas
		}
	}
	return &n
}

// filterActive is controller.FilterActiveReplicaSets: spec.replicas > 0.
func filterActive(rss []*replicaSet) []*replicaSet {
	var out []*replicaSet
	for _, rs := range rss {
		if rs != nil && rs.replicas > 0 {
			out = append(out, rs)
		}
	}
	return out
}

// newRSNewReplicas is util.NewRSNewReplicas: for RollingUpdate, scale the
// new ReplicaSet up by what maxSurge leaves, never past the Deployment's
// replicas; for Recreate, straight to them.
func newRSNewReplicas(d *deployment, all []*replicaSet, newRS *replicaSet) (int32, error) {
	switch d.strategy {
	case RollingUpdateStrategy:
		surge, err := scaled(d.maxSurge, d.replicas, true)
		if err != nil {
			return 0, err
		}
		current := replicaCount(all)
		maxTotal := d.replicas + surge
		if current >= maxTotal {
			return newRS.replicas, nil
		}
		up := min(maxTotal-current, d.replicas-newRS.replicas)
		return newRS.replicas + up, nil
	case RecreateStrategy:
		return d.replicas, nil
	}
	return 0, fmt.Errorf("deployment type %v isn't supported", d.strategy)
}

// isSaturated is util.IsSaturated: the new ReplicaSet has, wants and
// was told all the replicas, and all are available.
func isSaturated(d *deployment, rs *replicaSet) bool {
	if rs == nil {
		return false
	}
	desired, err := strconv.Atoi(rs.annotation(DesiredReplicasAnnotation))
	if err != nil {
		return false
	}
	return rs.replicas == d.replicas && int32(desired) == d.replicas && rs.status.AvailableReplicas == d.replicas
}

// findActiveOrLatest is util.FindActiveOrLatest: the one ReplicaSet with
// replicas, or the newest when none has any; nil when several have.
// It sorts old newest first, in place, as Kubernetes does.
func findActiveOrLatest(newRS *replicaSet, old []*replicaSet) *replicaSet {
	if newRS == nil && len(old) == 0 {
		return nil
	}
	sortByCreationTimestamp(old, true)
	active := filterActive(append(append([]*replicaSet{}, old...), newRS))
	switch len(active) {
	case 0:
		if newRS != nil {
			return newRS
		}
		return old[0]
	case 1:
		return active[0]
	}
	return nil
}

// replicaSetProportion is util.GetReplicaSetProportion: this ReplicaSet's
// share of the replicas to add (or remove, when negative).
func replicaSetProportion(rs *replicaSet, d *deployment, toAdd, added int32) int32 {
	if rs == nil || rs.replicas == 0 || toAdd == 0 || toAdd == added {
		return 0
	}
	fraction := replicaSetFraction(rs, d)
	allowed := toAdd - added
	if toAdd > 0 {
		return min(fraction, allowed)
	}
	return max(fraction, allowed)
}

// replicaSetFraction is getReplicaSetFraction: the ReplicaSet's size scaled
// from the max-replicas it was last told to the Deployment's new maximum,
// minus its size.
func replicaSetFraction(rs *replicaSet, d *deployment) int32 {
	if d.replicas == 0 {
		return -rs.replicas
	}
	maxReplicas := d.replicas + maxSurge(d)
	before, ok := nonNegativeInt32Annotation(rs.obj.Meta.Annotations, MaxReplicasAnnotation)
	if !ok || before == 0 {
		before = d.status.Replicas
		if before == 0 {
			return 0
		}
	}
	size := float64(rs.replicas*maxReplicas) / float64(before)
	return int32(math.Round(size)) - rs.replicas // integer.RoundToInt32
}

// deploymentComplete is util.DeploymentComplete.
func deploymentComplete(d *deployment, s *deploymentStatus) bool {
	return s.UpdatedReplicas == d.replicas && s.Replicas == d.replicas && s.AvailableReplicas == d.replicas &&
		s.ObservedGeneration >= d.obj.Meta.Generation
}

// deploymentProgressing is util.DeploymentProgressing: more updated, fewer
// old, more ready or more available replicas than before.
func deploymentProgressing(d *deployment, s *deploymentStatus) bool {
	old := d.status
	return s.UpdatedReplicas > old.UpdatedReplicas ||
		s.Replicas-s.UpdatedReplicas < old.Replicas-old.UpdatedReplicas ||
		s.ReadyReplicas > old.ReadyReplicas || s.AvailableReplicas > old.AvailableReplicas
}
