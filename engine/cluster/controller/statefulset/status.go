package statefulset

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// updateStatus is updateStatus and updateStatefulSetStatus: count the
// owned Pods that are created, ready and available (minReadySeconds 0),
// all current and updated (no revisions are modelled), and update
// statefulsets/status when anything changed.
func (ssc *Controller) updateStatus(set *object.Object) error {
	var replicas, ready int64
	for _, p := range ssc.ownedPods(set) {
		if p.Meta.DeletionTimestamp != nil {
			continue // isCreated but terminating Pods are not counted
		}
		replicas++
		if runningAndReady(p) {
			ready++
		}
	}
	want := map[string]any{
		"observedGeneration": set.Meta.Generation,
		"replicas":           replicas,
		"readyReplicas":      ready,
		"currentReplicas":    replicas,
		"updatedReplicas":    replicas,
		"availableReplicas":  ready,
		"collisionCount":     intAt(set, ".status.collisionCount", 0),
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
	err := ssc.c.Do(client.UpdateRequestOwning(ssc.setKind, s, api.WriteOptions{}, "status"), nil).Err()
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}
