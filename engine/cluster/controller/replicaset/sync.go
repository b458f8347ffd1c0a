package replicaset

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// syncReplicaSet is replica_set.go's: reconcile one ReplicaSet key. It
// manages replicas only when the expectations of its last sync are met and
// it is not being deleted; it always writes the status the Pods show.
func (rsc *Controller) syncReplicaSet(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	if err := rsc.consistent.ensureReady(key); err != nil {
		return err
	}
	obj, ok := rsc.rsLister.Get(ns, name)
	if !ok {
		rsc.consistent.clear(key, "")
		rsc.exp.Forget(key)
		return nil
	}
	rs := decodeReplicaSet(obj)
	needsSync := rsc.exp.Satisfied(key)

	// FilterPodsByOwner (the Pods rs controls, and the namespace's
	// orphans), FilterActivePods, then claimPods. The lists live in
	// buffers kept from sync to sync; none outlives the sync.
	owned := rsc.pods.rows(podControllerIndexKey(ns, &object.OwnerReference{Kind: "ReplicaSet", Name: name, UID: obj.Meta.UID}))
	orphans := rsc.pods.rows(ns)
	candidates := appendActive(appendActive(rsc.buf[0][:0], owned), orphans)
	active, err := rsc.claimPods(rs, candidates, rsc.buf[1][:0])
	defer rsc.keepBuffers(candidates, active)
	if err != nil {
		return err
	}
	// FilterTerminatingPods, then FilterClaimedPods.
	terminating := 0
	for i := range owned {
		if sel, _ := owned[i].labels(rs); sel && owned[i].terminating() {
			terminating++
		}
	}

	var manageErr error
	if needsSync && obj.Meta.DeletionTimestamp == nil {
		manageErr = rsc.manageReplicas(rs, active)
	}
	now := rsc.loop.Now().Wall()
	st := calculateStatus(rs, active, terminating, manageErr, now)
	updated, err := rsc.updateStatus(rs, st)
	if err != nil {
		return err
	}
	rsc.consistent.wroteAt(key, obj.Meta.UID, replicaSetsResource, updated.Meta.ResourceVersion)
	if manageErr != nil {
		return manageErr
	}
	// "Plan the next availability check as a last line of defense". The
	// check reads three numbers of the written ReplicaSet, not worth
	// decoding (and compiling the selectors of) the whole of it.
	minReady := intAt(object.MapAt(updated.Content, "spec"), "minReadySeconds")
	written := object.MapAt(updated.Content, "status")
	if minReady > 0 && intAt(written, "readyReplicas") != intAt(written, "availableReplicas") {
		next := time.Duration(minReady) * time.Second
		if d, ok := findMinNextPodAvailabilityCheck(active, minReady, now, rsc.loop.Now().Wall()); ok {
			next = d
		}
		rsc.Queue.AddAfter(key, next)
	}
	return nil
}

// appendActive appends the rows of active Pods (controller.IsPodActive).
func appendActive(out []*podRow, rows []podRow) []*podRow {
	for i := range rows {
		if rows[i].active() {
			out = append(out, &rows[i])
		}
	}
	return out
}

// keepBuffers keeps the lists' arrays for the next sync, cleared so that
// they hold no Pod alive.
func (rsc *Controller) keepBuffers(a, b []*podRow) {
	clear(a)
	clear(b)
	rsc.buf[0], rsc.buf[1] = a[:0], b[:0]
}

// objects returns the Pods of rows.
func objects(rows []*podRow) []*object.Object {
	out := make([]*object.Object, len(rows))
	for i, r := range rows {
		out[i] = r.obj
	}
	return out
}

// findMinNextPodAvailabilityCheck is controller.FindMinNextPodAvailability-
// Check: the soonest a ready Pod becomes available, measured at the status
// evaluation and refined at now; 0 when that instant has passed.
func findMinNextPodAvailabilityCheck(pods []*podRow, minReadySeconds int64, evaluated, now time.Time) (time.Duration, bool) {
	var first *podRow
	var soonest time.Duration
	for _, p := range pods {
		if d, ok := nextAvailabilityCheck(p, minReadySeconds, evaluated); ok && (first == nil || d < soonest) {
			first, soonest = p, d
		}
	}
	if first == nil {
		return 0, false
	}
	if d, ok := nextAvailabilityCheck(first, minReadySeconds, now); ok {
		return d, true
	}
	return 0, true
}

// nextAvailabilityCheck is controller_utils.go's nextPodAvailabilityCheck:
// how long until a ready Pod becomes available, or false when it needs no
// check.
func nextAvailabilityCheck(p *podRow, minReadySeconds int64, now time.Time) (time.Duration, bool) {
	if !p.ready || minReadySeconds <= 0 || p.readySince.IsZero() {
		return 0, false
	}
	next := p.readySince.Add(time.Duration(minReadySeconds) * time.Second).Sub(now)
	return next, next > 0
}
