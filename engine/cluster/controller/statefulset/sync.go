package statefulset

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// sync is syncStatefulSet then updateStatefulSet
// (stateful_set_control.go) for one key: sort the owned Pods into
// replicas (ordinal < spec.replicas) and condemned, process the replicas
// in ordinal order, then the condemned from the highest, and write the
// status.
func (ssc *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	set, ok := ssc.sets.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	sel, _ := object.LabelSelectorFrom(set.Spec()["selector"])
	revs := controller.RefManager{Client: ssc.Client, Owner: set, OwnerKind: ssc.setKind, Kind: ssc.revKind, Selector: sel}
	if err := controller.AdoptOrphanRevisions(&revs, ssc.revs.Lister()); err != nil {
		return err
	}
	pods, err := ssc.claimPods(set, sel)
	if err != nil {
		return err
	}
	h, err := ssc.revisions(set)
	if err != nil {
		return err
	}
	replicas := int(set.GetInt(".spec.replicas", 1))
	monotonic := set.GetString(".spec.podManagementPolicy") != "Parallel"
	slots := make([]*object.Object, replicas)
	var condemned []*object.Object
	for _, p := range pods {
		ord, ok := ordinal(set.Meta.Name, p.Meta.Name)
		switch {
		case !ok:
		case ord < replicas:
			slots[ord] = p
		default:
			condemned = append(condemned, p)
		}
	}
	slices.SortFunc(condemned, func(a, b *object.Object) int { return podOrdinal(set, b) - podOrdinal(set, a) })
	done, err := ssc.processReplicas(set, h, slots, condemned, monotonic)
	if err == nil && done {
		err = ssc.rollingUpdate(set, h, slots)
	}
	if st := ssc.updateStatus(set, h); st != nil && err == nil {
		err = st
	}
	if err == nil {
		err = ssc.truncateHistory(set, h)
	}
	return err
}

// rollingUpdate is updateStatefulSetAfterInvariantEstablished, the end
// of updateStatefulSet under RollingUpdate with MaxUnavailableStatefulSet
// (on by default since v1.37): count the unavailable replicas (a slot
// created in this sync counts as one); within the maxUnavailable budget
// (rollingUpdate.maxUnavailable, 1 by default, a percentage of replicas
// rounded down, at least 1), delete Pods not of the update revision from
// the highest ordinal down to the partition. A Parallel set first deletes
// old Pods that are unavailable anyway, then spends what is left of the
// budget. Each Pod's successor is created by a later sync.
func (ssc *Controller) rollingUpdate(set *object.Object, h *history, slots []*object.Object) error {
	if set.GetString(".spec.updateStrategy.type") == "OnDelete" {
		return nil
	}
	updateMin := int(set.GetInt(".spec.updateStrategy.rollingUpdate.partition", 0))
	budget := maxUnavailable(set, len(slots))
	minReady, now := minReadySeconds(set), ssc.loop.Now().Wall()
	parallel := set.GetString(".spec.podManagementPolicy") == "Parallel"
	old := func(p *object.Object) bool {
		return p != nil && p.Meta.Labels[RevisionLabel] != h.update.Meta.Name && p.Meta.DeletionTimestamp == nil
	}
	unavailable, unavailableOld := 0, 0
	for _, p := range slots {
		if p == nil || unavailablePod(p, minReady, now) {
			unavailable++
			if parallel && old(p) {
				unavailableOld++
			}
		}
	}
	if unavailable >= budget && unavailableOld == 0 {
		return nil
	}
	if parallel {
		for target := len(slots) - 1; target >= updateMin; target-- {
			if p := slots[target]; old(p) && !controller.PodAvailable(p, minReady, now) {
				if err := ssc.deletePod(set, p); err != nil {
					return err
				}
			}
		}
		left := budget - unavailable
		for target := len(slots) - 1; target >= updateMin && left > 0; target-- {
			if p := slots[target]; old(p) && !unavailablePod(p, minReady, now) {
				if err := ssc.deletePod(set, p); err != nil {
					return err
				}
				left--
			}
		}
		return nil
	}
	deleted := 0
	for target := len(slots) - 1; target >= updateMin && deleted < budget-unavailable; target-- {
		if p := slots[target]; old(p) {
			if err := ssc.deletePod(set, p); err != nil {
				return err
			}
			deleted++
		}
	}
	return nil
}

// maxUnavailable is getStatefulSetMaxUnavailable: the rolling update's
// maxUnavailable (1 when unset) scaled to replicas, rounded down, and at
// least 1.
func maxUnavailable(set *object.Object, replicas int) int {
	v, ok := object.MapAt(set.Spec(), "updateStrategy", "rollingUpdate")["maxUnavailable"]
	if !ok {
		return 1
	}
	n, err := object.ScaledIntOrPercent(v, replicas, false)
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// minReadySeconds is the set's spec.minReadySeconds.
func minReadySeconds(set *object.Object) int64 { return set.GetInt(".spec.minReadySeconds", 0) }

// unavailablePod is isUnavailable: not available, or terminating.
func unavailablePod(p *object.Object, minReady int64, now time.Time) bool {
	return !controller.PodAvailable(p, minReady, now) || p.Meta.DeletionTimestamp != nil
}

// processReplicas creates, waits for and deletes Pods, as processReplica
// and processCondemned do; it stops at the first Pod a monotonic set
// must wait for, and reports whether it went through (so that the
// rolling update may run).
func (ssc *Controller) processReplicas(set *object.Object, h *history, slots, condemned []*object.Object, monotonic bool) (bool, error) {
	minReady, now := minReadySeconds(set), ssc.loop.Now().Wall()
	for i, p := range slots {
		if p != nil && object.IsPodTerminal(p) {
			if p.Meta.DeletionTimestamp == nil {
				if err := ssc.deletePod(set, p); err != nil {
					return false, err
				}
			}
			return false, nil // the next sync creates it again
		}
		if p == nil {
			if err := ssc.createPod(set, h, i); err != nil {
				return false, err
			}
			if monotonic {
				return false, nil
			}
			continue
		}
		if monotonic && (p.Meta.DeletionTimestamp != nil || !runningAndReady(p) || !controller.PodAvailable(p, minReady, now)) {
			return false, nil // waiting for Pod to Terminate / to be Running and Ready / to be Available
		}
	}
	// The first unavailable replica, else the lowest unavailable condemned
	// Pod, may go first.
	var firstUnhealthy *object.Object
	found := false
	for _, p := range slots {
		if p == nil || unavailablePod(p, minReady, now) {
			firstUnhealthy, found = p, true
			break
		}
	}
	for i := len(condemned) - 1; i >= 0 && !found; i-- {
		if unavailablePod(condemned[i], minReady, now) {
			firstUnhealthy, found = condemned[i], true
		}
	}
	for _, p := range condemned {
		if p.Meta.DeletionTimestamp != nil {
			if monotonic {
				return false, nil
			}
			continue
		}
		if monotonic && (!runningAndReady(p) || !controller.PodAvailable(p, minReady, now)) && found && p != firstUnhealthy {
			return false, nil
		}
		if err := ssc.deletePod(set, p); err != nil || monotonic {
			return false, err
		}
	}
	return true, nil
}

// claimPods is getPodsForStatefulSet: of the Pods in the set's
// namespace, those its selector matches and whose names are its own
// (isMemberOf), claimed: kept, released or adopted.
func (ssc *Controller) claimPods(set *object.Object, sel object.LabelSelector) ([]*object.Object, error) {
	m := controller.RefManager{Client: ssc.Client, Owner: set, OwnerKind: ssc.setKind, Kind: ssc.podKind, Selector: sel,
		Filter: func(p *object.Object) bool {
			_, member := ordinal(set.Meta.Name, p.Meta.Name)
			return member
		}}
	return m.Claim(ssc.pods.Lister().ListNamespace(set.Meta.Namespace, object.LabelSelector{}))
}

// ownedPods are the Pods in the set's namespace it controls and whose
// labels its selector matches.
func (ssc *Controller) ownedPods(set *object.Object) []*object.Object {
	sel, _ := object.LabelSelectorFrom(set.Spec()["selector"])
	var out []*object.Object
	for _, p := range ssc.pods.Lister().ListNamespace(set.Meta.Namespace, object.LabelSelector{}) {
		ref, ok := p.Meta.ControllerRef()
		if ok && ref.UID == set.Meta.UID && sel.Matches(p.Meta.Labels) {
			out = append(out, p)
		}
	}
	return out
}

// createPod creates the claims of ordinal i that do not exist, then its
// Pod (CreateStatefulPod), from the revision newVersionedStatefulSetPod
// picks: the current one below a RollingUpdate partition, the update
// one otherwise.
func (ssc *Controller) createPod(set *object.Object, h *history, i int) error {
	rev := h.update
	if set.GetString(".spec.updateStrategy.type") != "OnDelete" && int64(i) < set.GetInt(".spec.updateStrategy.rollingUpdate.partition", 0) {
		rev = h.current
	}
	pod := newPod(set, revisionTemplate(rev), i)
	pod.Meta.Labels[RevisionLabel] = rev.Meta.Name
	for _, claim := range newClaims(set, i) {
		if _, ok := ssc.claims.Lister().Get(claim.Meta.Namespace, claim.Meta.Name); ok {
			continue
		}
		if err := ssc.Client.Do(client.GetRequest(ssc.pvcK, claim.Meta.Namespace, claim.Meta.Name), nil).Err(); err == nil {
			continue
		} else if !api.IsReason(err, api.ReasonNotFound) {
			return err
		}
		// newClaims copies each template: the claim is handed over.
		err := ssc.Client.DoCreateOwning(ssc.pvcK, claim, api.WriteOptions{}).Err()
		if err != nil && !api.IsReason(err, api.ReasonAlreadyExists) {
			ssc.Recorder.Eventf(set, record.Warning, "FailedCreate", "Create Claim %s for Pod %s in StatefulSet %s failed error: %v", claim.Meta.Name, pod.Meta.Name, set.Meta.Name, err)
			return err
		}
		ssc.Recorder.Eventf(set, record.Normal, "SuccessfulCreate", "Create Claim %s Pod %s in StatefulSet %s success", claim.Meta.Name, pod.Meta.Name, set.Meta.Name)
	}
	// newPod copies the template: the Pod's content is handed over (only
	// its name is read afterwards).
	if err := ssc.Client.DoCreateOwning(ssc.podKind, pod, api.WriteOptions{}).Err(); err != nil {
		ssc.Recorder.Eventf(set, record.Warning, "FailedCreate", "Create Pod %s in StatefulSet %s failed error: %v", pod.Meta.Name, set.Meta.Name, err)
		return err
	}
	ssc.Recorder.Eventf(set, record.Normal, "SuccessfulCreate", "Create Pod %s in StatefulSet %s successful", pod.Meta.Name, set.Meta.Name)
	return nil
}

// deletePod deletes one Pod (DeleteStatefulPod).
func (ssc *Controller) deletePod(set, p *object.Object) error {
	if err := ssc.Client.Do(client.DeleteRequest(ssc.podKind, p.Meta.Namespace, p.Meta.Name, api.DeleteOptions{}), nil).Err(); err != nil && !api.IsReason(err, api.ReasonNotFound) {
		ssc.Recorder.Eventf(set, record.Warning, "FailedDelete", "Delete Pod %s in StatefulSet %s failed error: %v", p.Meta.Name, set.Meta.Name, err)
		return err
	}
	ssc.Recorder.Eventf(set, record.Normal, "SuccessfulDelete", "Delete Pod %s in StatefulSet %s successful", p.Meta.Name, set.Meta.Name)
	return nil
}

// ordinal parses NAME-N (getParentNameAndOrdinal).
func ordinal(set, pod string) (int, bool) {
	rest, ok := strings.CutPrefix(pod, set+"-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0 && strconv.Itoa(n) == rest
}

func podOrdinal(set, p *object.Object) int {
	n, _ := ordinal(set.Meta.Name, p.Meta.Name)
	return n
}

// runningAndReady is isRunningAndReady: phase Running and the Ready
// condition True.
func runningAndReady(p *object.Object) bool {
	return p.GetString(".status.phase") == "Running" && object.IsPodReady(p)
}
