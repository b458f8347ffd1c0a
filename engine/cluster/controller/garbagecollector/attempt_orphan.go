package garbagecollector

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
)

// attemptToOrphanWorker handles an owner deleted with the orphan
// finalizer (attemptToOrphanWorker): every dependent loses its reference
// to the owner, then the owner loses the finalizer, which lets the API
// server remove it. A failure queues the owner again.
func (gc *GarbageCollector) attemptToOrphanWorker(key string) error {
	owner, ok := gc.attemptToOrphan.take(key)
	if !ok {
		return nil
	}
	deps := owner.getDependents()
	d := decision{what: fmt.Sprintf("orphan %d dependents, then remove finalizer %s", len(deps), apiserver.FinalizerOrphan)}
	d.err = gc.orphanDependents(owner.identity, deps)
	if d.err == nil {
		d.err = gc.removeFinalizer(owner, apiserver.FinalizerOrphan)
	}
	gc.record(owner, d)
	if d.err != nil {
		gc.attemptToOrphan.requeue(owner)
	}
	return d.err
}

// orphanDependents removes the owner's UID from each dependent's
// ownerReferences (one patch each; client-go sends them concurrently); a
// dependent already gone is fine.
func (gc *GarbageCollector) orphanDependents(owner objectReference, deps []*node) error {
	var failed []string
	for _, dep := range deps {
		err := gc.patchOwnerRefs(dep, []string{owner.UID})
		if err != nil && !api.IsReason(err, api.ReasonNotFound) {
			failed = append(failed, fmt.Sprintf("orphaning %s failed, %v", dep.identity, err))
		}
	}
	if len(failed) == 0 {
		return nil
	}
	msg := failed[0]
	if len(failed) > 1 {
		msg = "[" + strings.Join(failed, ", ") + "]"
	}
	return fmt.Errorf("failed to orphan dependents of owner %s, got errors: %s", owner, msg)
}
