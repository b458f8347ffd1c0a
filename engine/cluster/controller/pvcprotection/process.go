package pvcprotection

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The Unused condition (k8s.io/api/core/v1: PersistentVolumeClaimUnused)
// and its reasons and messages (pvc_protection_controller.go,
// updateUnusedCondition).
const (
	conditionUnused = "Unused"
	reasonUnused    = "NoPodsUsingPVC"
	messageUnused   = "No pods are currently referencing this PVC"
	reasonUsed      = "PodUsingPVC"
	messageUsed     = "A pod is currently referencing this PVC"
)

// usage says whether a Pod counts as using a claim, for one purpose.
type usage func(pod, pvc *object.Object) bool

// processPVC is processPVC: the Unused condition of a Bound claim, then
// the finalizer's removal from a claim being deleted that no Pod uses, or
// its addition to a claim that lacks it. The live list of Pods is made
// at most once per call (LazyLivePodList).
func (c *Controller) processPVC(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pvc, ok := c.claims.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	var live []*object.Object
	if pvc.Meta.DeletionTimestamp == nil && object.StringAt(pvc.Status(), "phase") == "Bound" {
		used, err := c.isBeingUsed(pvc, &live, usesForUnusedSince)
		if err != nil {
			return err
		}
		if err := c.updateUnusedCondition(pvc, used); err != nil {
			return err
		}
	}
	return controller.Protect(c.Client, c.pvcK, pvc, object.FinalizerPVCProtection, func() (bool, error) {
		return c.isBeingUsed(pvc, &live, usesForDeletion)
	})
}

// isBeingUsed is isBeingUsedWith: a Pod in the cache that uses the claim
// settles it; otherwise the namespace's Pods as the API server lists them
// now (listed once into *live) decide.
func (c *Controller) isBeingUsed(pvc *object.Object, live *[]*object.Object, uses usage) (bool, error) {
	cached, _ := c.pod.Indexer().ByIndex(podPVCIndex, pvc.Key())
	for _, p := range cached {
		if uses(p, pvc) {
			return true, nil
		}
	}
	if *live == nil {
		resp := c.Client.DoList(c.podK, pvc.Meta.Namespace, api.ListOptions{})
		if err := resp.Err(); err != nil {
			return false, err
		}
		*live = append(make([]*object.Object, 0, len(resp.Items)), resp.Items...)
	}
	for _, p := range *live {
		if uses(p, pvc) {
			return true, nil
		}
	}
	return false, nil
}

// usesForDeletion is podUsesPVCForDeletion: a scheduled Pod that names
// the claim keeps it (the kubelet refuses to start a Pod whose claim is
// being deleted, so an unscheduled one never will use it).
func usesForDeletion(pod, pvc *object.Object) bool {
	return object.StringAt(pod.Spec(), "nodeName") != "" && namesClaim(pod, pvc)
}

// usesForUnusedSince is podUsesPVCForUnusedSince: a Pod that has not
// terminated and names the claim.
func usesForUnusedSince(pod, pvc *object.Object) bool {
	return !podTerminated(pod) && namesClaim(pod, pvc)
}

// namesClaim reports whether one of the Pod's volumes names the claim.
func namesClaim(pod, pvc *object.Object) bool {
	return pod.Meta.Namespace == pvc.Meta.Namespace && slices.Contains(object.PodClaimNames(pod), pvc.Meta.Name)
}

// podTerminated is volumeutil.IsPodTerminated: the Pod succeeded or
// failed, or it is being deleted and none of its containers runs.
func podTerminated(pod *object.Object) bool {
	switch object.StringAt(pod.Status(), "phase") {
	case "Succeeded", "Failed":
		return true
	}
	if pod.Meta.DeletionTimestamp == nil {
		return false
	}
	for _, list := range []string{"initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"} {
		for _, s := range object.ListAt(pod.Status(), list) {
			state := object.AsMap(object.AsMap(s)["state"])
			if state["terminated"] == nil && state["waiting"] == nil {
				return false
			}
		}
	}
	return true
}

// unusedCondition is the claim's Unused condition, or nil.
func unusedCondition(pvc *object.Object) map[string]any {
	for _, e := range object.ListAt(pvc.Status(), "conditions") {
		if cond := object.AsMap(e); cond["type"] == conditionUnused {
			return cond
		}
	}
	return nil
}

// updateUnusedCondition is updateUnusedCondition: the condition is
// written when missing or when it says the opposite.
func (c *Controller) updateUnusedCondition(pvc *object.Object, used bool) error {
	existing := unusedCondition(pvc)
	switch {
	case used && (existing == nil || existing["status"] == "True"):
		return c.setUnusedCondition(pvc, "False", reasonUsed, messageUsed)
	case !used && (existing == nil || existing["status"] != "True"):
		return c.setUnusedCondition(pvc, "True", reasonUnused, messageUnused)
	}
	return nil
}

// setUnusedCondition writes the condition through the status
// subresource, replacing the one there.
func (c *Controller) setUnusedCondition(pvc *object.Object, status, reason, message string) error {
	clone := pvc.DeepCopy()
	cond := map[string]any{"type": conditionUnused, "status": status, "lastProbeTime": nil,
		"lastTransitionTime": object.FormatTime(c.loop.Now().Wall()), "reason": reason, "message": message}
	st := clone.EnsureMap("status")
	conds := object.ListAt(st, "conditions")
	replaced := false
	for i, e := range conds {
		if object.AsMap(e)["type"] == conditionUnused {
			conds[i], replaced = cond, true
		}
	}
	if !replaced {
		conds = append(conds, cond)
	}
	st["conditions"] = conds
	_, err := c.Client.UpdateStatus(c.pvcK, clone, api.WriteOptions{})
	return err
}
