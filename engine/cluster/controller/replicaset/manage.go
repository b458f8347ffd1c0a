package replicaset

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// manageReplicas is replica_set.go's: create or delete Pods, at most
// BurstReplicas at a time, until the active Pods number spec.replicas.
// The creations and deletions are expected before the ReplicaSet acts
// again.
func (rsc *Controller) manageReplicas(rs *replicaSet, active []*podRow) error {
	diff := len(active) - int(rs.replicas)
	key := rs.key()
	switch {
	case diff < 0:
		diff = min(-diff, rsc.cfg.BurstReplicas)
		rsc.exp.ExpectCreations(key, diff)
		// "Batch the pod creates. Batch sizes start at
		// SlowStartInitialBatchSize and double with each successful
		// iteration in a kind of 'slow start'."
		successes, err := controller.SlowStartBatch(diff, controller.SlowStartInitialBatchSize, func() error {
			err := rsc.createPod(rs)
			if err != nil && controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
				return nil // every creation would fail
			}
			return err
		})
		// "Any skipped pods that we never attempted to start shouldn't be
		// expected."
		for range diff - successes {
			rsc.exp.CreationObserved(key)
		}
		return err
	case diff > 0:
		diff = min(diff, rsc.cfg.BurstReplicas)
		related := rsc.getIndirectlyRelatedPods(rs)
		victims := getPodsToDelete(objects(active), related, diff, rsc.loop.Now().Wall())
		keys := make([]string, len(victims))
		for i, p := range victims {
			keys[i] = podKey(p)
		}
		rsc.exp.ExpectDeletions(key, keys)
		var first error
		for _, p := range victims {
			if err := rsc.deletePodAPI(rs, p.Meta.Name); err != nil {
				// "Decrement the expected number of deletes because the
				// informer won't observe this deletion"
				rsc.exp.DeletionObserved(key, podKey(p))
				if !api.IsReason(err, api.ReasonNotFound) && first == nil {
					first = err
				}
			}
		}
		return first
	}
	return nil
}

// getIndirectlyRelatedPods returns the Pods of every ReplicaSet with the
// same controller as rs (the Deployment's ReplicaSets), each Pod once.
func (rsc *Controller) getIndirectlyRelatedPods(rs *replicaSet) []*object.Object {
	ref, ok := rs.obj.Meta.ControllerRef()
	if !ok {
		return nil // "ReplicaSet has no controller"
	}
	siblings, err := rsc.rsInf.Indexer().ByIndex(controllerUIDIndex, ref.UID)
	if err != nil {
		return nil
	}
	var out []*object.Object
	seen := map[string]bool{}
	for _, s := range siblings {
		sel, ok := object.LabelSelectorFrom(object.MapAt(s.Content, "spec")["selector"])
		if !ok {
			continue
		}
		for _, p := range rsc.podInf.Lister().ListNamespace(s.Meta.Namespace, sel) {
			if !seen[p.Meta.UID] {
				seen[p.Meta.UID] = true
				out = append(out, p)
			}
		}
	}
	return out
}
