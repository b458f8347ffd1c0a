package resourcequota

import (
	"errors"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/quota"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// errMonitorsSyncing requeues a sync while a new monitor lists its kind.
var errMonitorsSyncing = errors.New("resource quota monitors are not synced yet")

// Name is the controller's name, trace actor and ServiceAccount
// (cmd/kube-controller-manager/names: ResourceQuotaController).
const Name = "resourcequota-controller"

// Timings of kube-controller-manager's defaults.
const (
	// Workers is --concurrent-resource-quota-syncs' default.
	Workers = 5
	// SyncPeriod is --resource-quota-sync-period's default: every quota
	// is recounted this often.
	SyncPeriod = 5 * time.Minute
)

// Controller is the resource quota controller; Start after Stop begins
// afresh.
type Controller struct {
	controller.Base
	loop      *sim.Loop
	kind      *object.KindInfo
	quotas    *cache.SharedInformer
	informers *cache.Factory
	registry  *object.Registry
	kinds     []*object.KindInfo // the quotable kinds, in discovery order
	monitors  map[*object.KindInfo]*cache.SharedInformer
	resync    *sim.Timer
}

// New returns a stopped controller.
func New() *Controller { return &Controller{} }

// Name returns "resourcequota-controller".
func (rq *Controller) Name() string { return Name }

// Start watches ResourceQuotas and, through the manager's shared
// informers, every quotable resource (GetQuotableResources: namespaced,
// with create, list, watch and delete), and runs the workers once they
// have synced.
func (rq *Controller) Start(ctx *controller.Context) {
	e := ctx.Env
	rq.loop = e.Loop
	rq.Begin(ctx, Name, false)
	rq.kind = e.Kind("", "ResourceQuota")
	rq.quotas = ctx.Informers.Informer(rq.kind)
	rq.Handlers.Add(rq.quotas, cache.ResourceEventHandlerFuncs{
		AddFunc: rq.enqueue,
		UpdateFunc: func(old, cur *object.Object) {
			if !quota.Of(object.MapAt(old.Spec(), "hard")).Equal(quota.Of(object.MapAt(cur.Spec(), "hard"))) {
				rq.enqueue(cur)
			}
		},
		DeleteFunc: func(o any) {
			if q, ok := cache.ObjectOf(o); ok {
				rq.enqueue(q)
			}
		},
	})
	rq.informers, rq.registry = ctx.Informers, e.Kinds
	rq.monitors = map[*object.KindInfo]*cache.SharedInformer{}
	rq.syncMonitors()
	synced := func() bool {
		if !rq.quotas.HasSynced() {
			return false
		}
		for _, k := range rq.kinds {
			if !rq.monitors[k].HasSynced() {
				return false
			}
		}
		return true
	}
	rq.Workers.StartWhenSynced(rq.loop, synced, rq.Queue, Workers, rq.sync, workqueue.Options{
		Actor: Name, Log: e.Log, Resource: "resourcequotas"}, nil)
	rq.resync = rq.loop.After(SyncPeriod, rq.resyncAll)
}

// Stop ends the controller at once.
func (rq *Controller) Stop() {
	if rq.Queue == nil {
		return
	}
	rq.resync.Stop()
	rq.Base.Stop()
}

// enqueue queues a quota for a sync.
func (rq *Controller) enqueue(q *object.Object) { rq.Queue.Add(q.Key()) }

// resyncAll queues every quota, every SyncPeriod.
func (rq *Controller) resyncAll() {
	for _, q := range rq.quotas.Lister().List(object.LabelSelector{}) {
		rq.enqueue(q)
	}
	rq.resync = rq.loop.After(SyncPeriod, rq.resyncAll)
}

// syncMonitors is the quota monitor's SyncMonitors: a monitor, on the
// manager's shared informer, for every quotable kind not yet watched, so
// that a kind a CustomResourceDefinition registers during a run is
// counted too. It reports whether it added one.
func (rq *Controller) syncMonitors() bool {
	added := false
	rq.kinds = quotableKinds(rq.registry)
	for _, k := range rq.kinds {
		if rq.monitors[k] != nil {
			continue
		}
		inf := rq.informers.Informer(k)
		rq.monitors[k] = inf
		rq.Handlers.Add(inf, rq.replenishment(k))
		added = true
	}
	return added
}

// quotableKinds are the namespaced kinds with create, list, watch and
// delete, by discovery order, the preferred version of each.
func quotableKinds(reg *object.Registry) []*object.KindInfo {
	var out []*object.KindInfo
	for _, k := range reg.Kinds() {
		if k.BodyOnly || !k.Namespaced || !k.HasVerb("create") || !k.HasVerb("list") || !k.HasVerb("watch") || !k.HasVerb("delete") {
			continue
		}
		if preferred, ok := reg.ByResource(k.Group, k.Resource); !ok || preferred != k {
			continue
		}
		out = append(out, k)
	}
	return out
}

// replenishment is the quota monitor's handler for k: a deleted object,
// or a Pod that stopped counting (it finished), syncs the quotas of its
// namespace that limit k.
func (rq *Controller) replenishment(k *object.KindInfo) cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur *object.Object) {
			if k.Group != "" || k.Resource != "pods" {
				return
			}
			now := rq.loop.Now().Wall()
			if _, was := quota.Usage("", "pods", old, now)["pods"]; !was {
				return
			}
			if _, is := quota.Usage("", "pods", cur, now)["pods"]; !is {
				rq.replenish(k, cur.Meta.Namespace)
			}
		},
		DeleteFunc: func(o any) {
			if obj, ok := cache.ObjectOf(o); ok {
				rq.replenish(k, obj.Meta.Namespace)
			}
		},
	}
}

// replenish is replenishQuota: every quota of namespace whose status.hard
// names a resource k counts against.
func (rq *Controller) replenish(k *object.KindInfo, namespace string) {
	for _, q := range rq.quotas.Lister().ListNamespace(namespace, object.LabelSelector{}) {
		if len(quota.Matching(k.Group, k.Resource, quota.Of(object.MapAt(q.Status(), "hard")))) > 0 {
			rq.enqueue(q)
		}
	}
}

// sync is syncResourceQuota: count the namespace's usage of what the
// quota's spec.hard names and store status.hard and status.used when
// either changed.
func (rq *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	q, ok := rq.quotas.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	if rq.syncMonitors() {
		rq.informers.Start()
	}
	for _, k := range rq.kinds {
		if !rq.monitors[k].HasSynced() {
			return errMonitorsSyncing // requeued until the new informers have listed
		}
	}
	hard := quota.Of(object.MapAt(q.Spec(), "hard"))
	oldHard := quota.Of(object.MapAt(q.Status(), "hard"))
	oldUsed := quota.Of(object.MapAt(q.Status(), "used"))
	dirty := !hard.Equal(oldHard) || q.Status()["hard"] == nil || q.Status()["used"] == nil
	used := rq.usage(q, hard)
	if !dirty && used.Equal(oldUsed) {
		return nil
	}
	status := map[string]any{"hard": hard.Tree(), "used": used.Tree()}
	return controller.SendStatusUpdate(rq.Client, rq.kind, q, status, api.WriteOptions{}).Err()
}

// usage is CalculateUsage: for each hard resource, the sum of what the
// namespace's objects that fall under the quota use, 0 when none do.
func (rq *Controller) usage(q *object.Object, hard quota.List) quota.List {
	used := quota.List{}
	for name := range hard {
		used[name] = object.NewQuantity(0, object.DecimalSI)
	}
	now := rq.loop.Now().Wall()
	for _, k := range rq.kinds {
		inf := rq.monitors[k]
		names := quota.Matching(k.Group, k.Resource, hard)
		if len(names) == 0 {
			continue
		}
		for _, o := range inf.Lister().ListNamespace(q.Meta.Namespace, object.LabelSelector{}) {
			if !quota.Matches(q, k.Group, k.Resource, o, hard) {
				continue
			}
			for n, v := range quota.Usage(k.Group, k.Resource, o, now).Mask(names) {
				used[n] = quota.Add(used[n], v)
			}
		}
	}
	return used
}
