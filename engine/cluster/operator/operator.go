package operator

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/ctrlloop"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Names and defaults of the operator.
const (
	// Name is the actor and its ServiceAccount's name.
	Name trace.Actor = "database-operator"
	// Kind is the custom resource it reconciles.
	Kind = "DatabaseCluster"
	// DefaultImage is a DatabaseCluster's image when spec.image is unset.
	DefaultImage = "postgres:16"
	// DefaultStorage is each replica's claim when spec.storage is unset.
	DefaultStorage = "1Gi"
	// Port is the database's port.
	Port = 5432
	// Workers is the operator's concurrent reconciles.
	Workers           = 1
	labelName         = "app.kubernetes.io/name"
	labelInstance     = "app.kubernetes.io/instance"
	labelManagedBy    = "app.kubernetes.io/managed-by"
	appName           = "database"
	conditionReady    = "Ready"
	reasonReady       = "AllReplicasReady"
	reasonWaiting     = "WaitingForReplicas"
	claimTemplateName = "data"
)

// Operator is the database operator actor.
type Operator struct {
	env                 *env.Env
	token               string
	group               string
	c                   *client.Client
	factory             *cache.Factory
	dbKind, stsK, svcK  *object.KindInfo
	dbs, sets, services *cache.SharedInformer
	queue               *workqueue.Queue
	loop                *ctrlloop.Loop
	running             bool
}

// New returns a stopped operator for DatabaseClusters of group, reaching
// the API with token.
func New(e *env.Env, group, token string) *Operator {
	return &Operator{env: e, group: group, token: token}
}

// Name is "database-operator".
func (o *Operator) Name() trace.Actor { return Name }

// Running reports whether the operator runs.
func (o *Operator) Running() bool { return o.running }

// Start lists and watches DatabaseClusters, StatefulSets and Services,
// and reconciles once its caches have synced. Without the
// DatabaseCluster kind served (its CRD gone) it waits for nothing.
func (o *Operator) Start() {
	if o.running {
		return
	}
	k, ok := o.env.Kinds.ByGroupKind(o.group, Kind)
	if !ok {
		return
	}
	o.running = true
	o.dbKind, o.stsK, o.svcK = k, o.env.Kind("apps", "StatefulSet"), o.env.Kind("", "Service")
	o.loop = ctrlloop.New(o.env, Name, o.token)
	o.c, o.factory, o.queue = o.loop.Client, o.loop.Factory, o.loop.Queue
	o.dbs = o.factory.Informer(o.dbKind)
	o.sets = o.factory.Informer(o.stsK)
	o.services = o.factory.Informer(o.svcK)
	add := func(obj *object.Object) { o.queue.Add(obj.Key()) }
	_, _ = o.dbs.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: add, UpdateFunc: func(_, n *object.Object) { add(n) }})
	owner := func(v any) {
		obj, ok := cache.ObjectOf(v)
		if !ok {
			return
		}
		if ref, ok := obj.Meta.ControllerRef(); ok && ref.Kind == Kind {
			o.queue.Add(obj.Meta.Namespace + "/" + ref.Name)
		}
	}
	for _, inf := range []*cache.SharedInformer{o.sets, o.services} {
		_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(n *object.Object) { owner(n) },
			UpdateFunc: func(_, n *object.Object) { owner(n) }, DeleteFunc: owner})
	}
	o.loop.Run(Workers, o.reconcile, workqueue.Options{Actor: Name, Log: o.env.Log, Group: o.group, Resource: o.dbKind.Resource}, nil)
}

// Stop ends the operator at once: watches end, the queue and caches are
// lost.
func (o *Operator) Stop() {
	if !o.running {
		return
	}
	o.running = false
	o.loop.Stop()
	o.loop = nil
}
