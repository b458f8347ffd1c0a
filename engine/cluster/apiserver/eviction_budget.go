package apiserver

import (
	"fmt"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// maxDisruptedPods is MaxDisruptedPodSize (pkg/registry/core/pod/storage/
// eviction.go): evictions the disruption controller has not yet
// confirmed, beyond which the budget refuses more.
const maxDisruptedPods = 2000

// checkDisruptionBudget is the budget half of the eviction REST handler
// (pkg/registry/core/pod/storage/eviction.go, v1.37): a Pod that is
// finished, pending or being deleted goes at once; one selected by no
// PodDisruptionBudget too, and by more than one is refused (500). An
// unready Pod goes without a disruption when the budget allows
// (unhealthyPodEvictionPolicy AlwaysAllow, or IfHealthyBudget while the
// budget is met). Otherwise the budget must allow a disruption (429
// TooManyRequests "Cannot evict pod as it would violate the pod's
// disruption budget." when it does not, or while the controller has not
// seen its latest generation); it is taken, recorded in
// status.disruptedPods and written before the Pod is deleted.
func (r *request) checkDisruptionBudget(pod *object.Object) *api.Status {
	switch pod.GetString(".status.phase") {
	case "Succeeded", "Failed", "Pending":
		return nil
	}
	if pod.Meta.DeletionTimestamp != nil {
		return nil
	}
	k, ok := r.s.p.cfg.Registry.ByResource("policy", "poddisruptionbudgets")
	if !ok {
		return nil
	}
	var budgets []*object.Object
	prefix := r.s.p.prefixes.namespace(k, pod.Meta.Namespace)
	err := r.s.p.cfg.Store.Scan(prefix, store.PrefixEnd(prefix), 0, func(kv store.KeyValue[*object.Object]) bool {
		if object.PDBSelects(kv.Value, pod) {
			budgets = append(budgets, kv.Value)
		}
		return true
	})
	if err != nil {
		return storeError(err, grOf(k), pod.Meta.Name)
	}
	switch len(budgets) {
	case 0:
		return nil
	case 1:
	default:
		return api.NewInternalError("This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.")
	}
	pdb := budgets[0]
	st := pdb.Status()
	current, desired := pdb.GetInt(".status.currentHealthy", 0), pdb.GetInt(".status.desiredHealthy", 0)
	if !object.IsPodReady(pod) {
		if pdb.GetString(".spec.unhealthyPodEvictionPolicy") == "AlwaysAllow" || (current >= desired && desired > 0) {
			return nil
		}
	}
	allowed := pdb.GetInt(".status.disruptionsAllowed", 0)
	disrupted := object.AsMap(st["disruptedPods"])
	switch {
	case pdb.GetInt(".status.observedGeneration", 0) < pdb.Meta.Generation:
		return tooManyEvictions(fmt.Sprintf("The disruption budget %s is still being processed by the server.", pdb.Meta.Name))
	case allowed < 0:
		return api.NewForbidden(api.GroupResource{Group: "policy", Resource: "poddisruptionbudget"}, pdb.Meta.Name, "pdb disruptions allowed is negative")
	case len(disrupted) > maxDisruptedPods:
		return api.NewForbidden(api.GroupResource{Group: "policy", Resource: "poddisruptionbudget"}, pdb.Meta.Name,
			"DisruptedPods map too big - too many evictions not confirmed by PDB controller")
	case allowed == 0:
		return tooManyEvictions(fmt.Sprintf("The disruption budget %s needs %d healthy pods and has %d currently", pdb.Meta.Name, desired, current))
	}
	if r.req.Write.DryRun {
		return nil
	}
	taken := pdb.DeepCopy()
	status := object.AsMap(taken.Content["status"])
	status["disruptionsAllowed"] = allowed - 1
	pods := object.AsMap(status["disruptedPods"])
	if pods == nil {
		pods = map[string]any{}
		status["disruptedPods"] = pods
	}
	pods[pod.Meta.Name] = r.s.p.cfg.Loop.Now().RFC3339()
	kv, _, err := r.s.p.cfg.Store.Get(objectKey(k, pdb.Meta.Namespace, pdb.Meta.Name))
	if err != nil {
		return storeError(err, grOf(k), pdb.Meta.Name)
	}
	if err := r.s.internalWrite(k, objectKey(k, pdb.Meta.Namespace, pdb.Meta.Name), taken, pdb, kv.ModRevision, ""); err != nil {
		return storeError(err, grOf(k), pdb.Meta.Name)
	}
	return nil
}

// tooManyEvictions is createTooManyRequestsError: 429 with the budget's
// cause.
func tooManyEvictions(cause string) *api.Status {
	return &api.Status{Code: http.StatusTooManyRequests, Reason: api.ReasonTooManyRequests,
		Message: "Cannot evict pod as it would violate the pod's disruption budget.",
		Details: &api.StatusDetails{Causes: []api.StatusCause{{Type: "DisruptionBudget", Message: cause}}}}
}
