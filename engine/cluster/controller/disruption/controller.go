package disruption

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: DisruptionController).
const Name = "disruption-controller"

// DeletionTimeout is how long an eviction stays in status.disruptedPods
// without the Pod being seen deleted (disruption.go).
const DeletionTimeout = 2 * time.Minute

// Controller is the disruption controller; Start after Stop begins
// afresh.
type Controller struct {
	controller.Base
	loop                    *sim.Loop
	kind                    *object.KindInfo
	pdbs, pods, rss, deploy *cache.SharedInformer
	sets                    *cache.SharedInformer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "disruption-controller".
func (dc *Controller) Name() string { return Name }

// Start watches budgets, Pods and the Pods' controllers, and runs one
// worker once the informers have synced.
func (dc *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	dc.loop = e.Loop
	dc.Begin(ctx, Name, false)
	dc.kind = e.Kind("policy", "PodDisruptionBudget")
	dc.pdbs = ctx.Informers.Informer(dc.kind)
	dc.pods = ctx.Informers.Informer(e.Kind("", "Pod"))
	dc.rss = ctx.Informers.Informer(e.Kind("apps", "ReplicaSet"))
	dc.deploy = ctx.Informers.Informer(e.Kind("apps", "Deployment"))
	dc.sets = ctx.Informers.Informer(e.Kind("apps", "StatefulSet"))
	dc.Handlers.Add(dc.pdbs, cache.EnqueueKeys(dc.Queue.Add))
	pod := func(o any) {
		if p, ok := cache.ObjectOf(o); ok {
			for _, pdb := range dc.budgetsOf(p) {
				dc.Queue.Add(pdb.Key())
			}
		}
	}
	dc.Handlers.Add(dc.pods, cache.ResourceEventHandlerFuncs{
		AddFunc: func(o *object.Object) { pod(o) }, UpdateFunc: func(_, o *object.Object) { pod(o) }, DeleteFunc: pod})
	synced := cache.AllSynced(dc.pdbs, dc.pods, dc.rss, dc.deploy, dc.sets)
	dc.Workers.StartWhenSynced(dc.loop, synced, dc.Queue, 1, dc.sync, workqueue.Options{
		Actor: Name, Log: e.Log, Group: "policy", Resource: "poddisruptionbudgets"}, nil)
}

// budgetsOf are the budgets of the Pod's namespace whose selector picks
// it (getPdbForPod).
func (dc *Controller) budgetsOf(pod *object.Object) []*object.Object {
	var out []*object.Object
	for _, pdb := range dc.pdbs.Lister().ListNamespace(pod.Meta.Namespace, object.LabelSelector{}) {
		if object.PDBSelects(pdb, pod) {
			out = append(out, pdb)
		}
	}
	return out
}

// sync is trySync: count, then write the status when it changed.
func (dc *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pdb, ok := dc.pdbs.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	var pods []*object.Object
	for _, p := range dc.pods.Lister().ListNamespace(ns, object.LabelSelector{}) {
		if object.PDBSelects(pdb, p) {
			pods = append(pods, p)
		}
	}
	now := dc.loop.Now()
	disrupted, recheck := dc.disruptedPods(pdb, pods, now)
	expected, desired := dc.expectations(pdb, pods)
	current := int64(0)
	for _, p := range pods {
		if p.Meta.DeletionTimestamp == nil && object.IsPodReady(p) {
			if _, evicted := disrupted[p.Meta.Name]; !evicted {
				current++
			}
		}
	}
	allowed := max(current-desired, 0)
	status := map[string]any{
		"observedGeneration": pdb.Meta.Generation,
		"expectedPods":       expected,
		"currentHealthy":     current,
		"desiredHealthy":     desired,
		"disruptionsAllowed": allowed,
		"conditions":         []any{condition(pdb, allowed > 0, pdb.Meta.Generation, now)},
	}
	if len(disrupted) > 0 {
		status["disruptedPods"] = disrupted
	}
	if recheck > 0 {
		dc.Queue.AddAfter(key, recheck)
	}
	if object.EqualValues(pdb.Content["status"], status) {
		return nil
	}
	err = controller.SendStatusUpdate(dc.Client, dc.kind, pdb, status, api.WriteOptions{}).Err()
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}

// condition is the DisruptionAllowed condition: its transition time kept
// while its status stays.
func condition(pdb *object.Object, allowed bool, gen int64, now sim.Time) map[string]any {
	status, reason := "False", "InsufficientPods"
	if allowed {
		status, reason = "True", "SufficientPods"
	}
	since := now.RFC3339()
	if old := object.StatusCondition(pdb.Status(), "DisruptionAllowed"); old != nil && old["status"] == status {
		if t, ok := old["lastTransitionTime"].(string); ok {
			since = t
		}
	}
	return map[string]any{"type": "DisruptionAllowed", "status": status, "reason": reason, "message": "",
		"lastTransitionTime": since, "observedGeneration": gen}
}

// disruptedPods is buildDisruptedPodMap: the recorded evictions whose Pod
// is still there, not being deleted, and evicted less than
// DeletionTimeout ago; and when the next of them runs out.
func (dc *Controller) disruptedPods(pdb *object.Object, pods []*object.Object, now sim.Time) (map[string]any, time.Duration) {
	recorded := object.AsMap(pdb.Status()["disruptedPods"])
	out := map[string]any{}
	var recheck time.Duration
	for _, p := range pods {
		v, ok := recorded[p.Meta.Name]
		if !ok || p.Meta.DeletionTimestamp != nil {
			continue
		}
		at := object.TimeAt(recorded, p.Meta.Name)
		expires := at.Add(DeletionTimeout)
		if !now.Wall().Before(expires) {
			continue
		}
		out[p.Meta.Name] = v
		if left := expires.Sub(now.Wall()); recheck == 0 || left < recheck {
			recheck = left
		}
	}
	return out, recheck
}

// expectations are getExpectedPodCount: expected and desired healthy
// Pods. minAvailable as a number counts the Pods themselves; a
// percentage, or maxUnavailable, counts the replicas their controllers
// ask for.
func (dc *Controller) expectations(pdb *object.Object, pods []*object.Object) (expected, desired int64) {
	spec := pdb.Spec()
	if v, ok := spec["maxUnavailable"]; ok && v != nil {
		expected = dc.expectedScale(pods)
		n, _ := object.ScaledIntOrPercent(v, int(expected), true)
		return expected, max(expected-int64(n), 0)
	}
	v, ok := spec["minAvailable"]
	if !ok || v == nil {
		return int64(len(pods)), 0
	}
	if n, isInt := object.Int(v); isInt {
		return int64(len(pods)), n
	}
	expected = dc.expectedScale(pods)
	n, _ := object.ScaledIntOrPercent(v, int(expected), true)
	return expected, int64(n)
}

// expectedScale is getExpectedScale: the replicas asked for by each
// distinct controller of the Pods (a ReplicaSet's Deployment when it has
// one), summed; a Pod without a controller counts 1.
func (dc *Controller) expectedScale(pods []*object.Object) int64 {
	seen := map[string]bool{}
	var total int64
	for _, p := range pods {
		ref, ok := p.Meta.ControllerRef()
		if !ok {
			total++
			continue
		}
		owner := dc.scaleOwner(p.Meta.Namespace, ref)
		if owner == nil {
			continue
		}
		if seen[string(owner.Meta.UID)] {
			continue
		}
		seen[string(owner.Meta.UID)] = true
		total += owner.GetInt(".spec.replicas", 1)
	}
	return total
}

// scaleOwner is the object whose replicas count for a Pod's controller.
func (dc *Controller) scaleOwner(ns string, ref object.OwnerReference) *object.Object {
	switch ref.Kind {
	case "ReplicaSet":
		rs := controller.ResolveControllerRef(dc.rss.Lister(), "ReplicaSet", ns, ref)
		if rs == nil {
			return nil
		}
		if dref, ok := rs.Meta.ControllerRef(); ok {
			if d := controller.ResolveControllerRef(dc.deploy.Lister(), "Deployment", ns, dref); d != nil {
				return d
			}
		}
		return rs
	case "StatefulSet":
		return controller.ResolveControllerRef(dc.sets.Lister(), "StatefulSet", ns, ref)
	}
	return nil
}

var _ controller.Controller = (*Controller)(nil)
