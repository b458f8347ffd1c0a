package statefulset

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// updateStatus is updateStatus and updateStatefulSetStatus: count the
// owned Pods that are created (terminating ones too), ready and available
// (ready for minReadySeconds), and, of those not terminating, those of
// the current and of the update revision; a RollingUpdate whose Pods
// are all updated and ready is complete (completeRollingUpdate: the
// update revision becomes the current one). Then update
// statefulsets/status when anything changed.
func (ssc *Controller) updateStatus(set *object.Object, h *history) error {
	var replicas, ready, available, current, updated int64
	minReady, now := minReadySeconds(set), ssc.loop.Now().Wall()
	pods := ssc.ownedPods(set)
	for _, p := range pods {
		// computeReplicaStatus: every created Pod counts, terminating or
		// not, and so does every ready one; the revisions count only
		// those that are not terminating.
		if p.GetString(".status.phase") == "" {
			continue
		}
		replicas++
		if runningAndReady(p) {
			ready++
			if controller.PodAvailable(p, minReady, now) {
				available++
			}
		}
		if p.Meta.DeletionTimestamp != nil {
			continue
		}
		switch p.Meta.Labels[RevisionLabel] {
		case h.current.Meta.Name:
			current++
		}
		if p.Meta.Labels[RevisionLabel] == h.update.Meta.Name {
			updated++
		}
	}
	currentRevision := h.current.Meta.Name
	if set.GetString(".spec.updateStrategy.type") != "OnDelete" && updated == replicas && ready == replicas {
		currentRevision, current = h.update.Meta.Name, updated
	}
	want := map[string]any{
		"observedGeneration": set.Meta.Generation,
		"replicas":           replicas,
		"readyReplicas":      ready,
		"currentReplicas":    current,
		"updatedReplicas":    updated,
		"availableReplicas":  available,
		"currentRevision":    currentRevision,
		"updateRevision":     h.update.Meta.Name,
		"collisionCount":     h.collisionCount,
	}
	// Pods ready but not yet available are looked at again when the first
	// of them becomes available (at the latest after minReadySeconds).
	if minReady > 0 && ready != available {
		next, ok := controller.NextAvailabilityCheck(pods, minReady, now)
		if !ok {
			next = time.Duration(minReady) * time.Second
		}
		ssc.Queue.AddAfter(set.Key(), next)
	}
	cur, _ := set.Content["status"].(map[string]any)
	same := true
	for k, v := range want {
		if cur[k] != v {
			same = false
		}
	}
	if same {
		return nil
	}
	// s is a copy, its status the copy of cur with want's counts, and it
	// is used no more: handed over.
	s := set.DeepCopy()
	st, _ := s.Content["status"].(map[string]any)
	if st == nil {
		st = map[string]any{}
	}
	for k, v := range want {
		st[k] = v
	}
	s.Content["status"] = st
	err := ssc.Client.Do(client.UpdateRequestOwning(ssc.setKind, s, api.WriteOptions{}, "status"), nil).Err()
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}
