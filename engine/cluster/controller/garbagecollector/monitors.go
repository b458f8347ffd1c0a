package garbagecollector

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ignored are the resources the collector never monitors
// (graph_builder.go, DefaultIgnoredResources: events in core and in
// events.k8s.io).
var ignored = map[[2]string]bool{{"", "events"}: true, {"events.k8s.io", "events"}: true}

// deletableKinds are the resources to monitor: the preferred version of
// every resource that supports delete, list and watch, but the ignored
// ones (GetDeletableResources). The model reads discovery from the kind
// registry the API server serves instead of GET /api and /apis; the order
// is discovery order.
func deletableKinds(reg *object.Registry) []*object.KindInfo {
	var out []*object.KindInfo
	for _, k := range reg.Kinds() {
		if k.BodyOnly || ignored[[2]string{k.Group, k.Resource}] ||
			!k.HasVerb("delete") || !k.HasVerb("list") || !k.HasVerb("watch") {
			continue
		}
		// ByResource is the preferred version, without the copy of the
		// whole list that Versions makes.
		if preferred, ok := reg.ByResource(k.Group, k.Resource); !ok || preferred != k {
			continue
		}
		out = append(out, k)
	}
	return out
}

// syncMonitors makes the monitors match the deletable resources:
// resources new since the last sync get a handler on the manager's shared
// informer (which the manager, or startMonitors, starts), resources gone
// (a CRD deleted) lose theirs (syncMonitors and startMonitors).
func (gc *GarbageCollector) syncMonitors() (added bool) {
	want := deletableKinds(gc.ctx.Env.Kinds)
	if monitorsOf(gc.monitors, want) {
		return false // the periodic sync's usual case: nothing to change
	}
	keep := make(map[*object.KindInfo]bool, len(want))
	for _, k := range want {
		keep[k] = true
	}
	current := make([]*monitor, 0, len(want))
	have := make(map[*object.KindInfo]bool, len(gc.monitors))
	for _, m := range gc.monitors {
		if keep[m.kind] {
			current = append(current, m)
			have[m.kind] = true
			continue
		}
		_ = m.inf.RemoveEventHandler(m.reg)
	}
	for _, k := range want {
		if have[k] {
			continue
		}
		inf := gc.ctx.Informers.Informer(k)
		reg, err := inf.AddEventHandlerWithResyncPeriod(gc.handlers(k), 0)
		if err != nil {
			continue
		}
		current = append(current, &monitor{kind: k, inf: inf, reg: reg})
		added = true
	}
	gc.monitors = current
	return added
}

// periodicSync is Sync: compare with discovery every SyncPeriod, and
// start the informers of new monitors.
func (gc *GarbageCollector) periodicSync() {
	if gc.stopped {
		return
	}
	if gc.syncMonitors() {
		gc.ctx.Informers.Start()
	}
	gc.resync = gc.loop.After(SyncPeriod, gc.periodicSync)
}

// synced is GraphBuilder.IsSynced: there are monitors and every one has
// delivered its informer's initial list.
func (gc *GarbageCollector) synced() bool {
	if len(gc.monitors) == 0 {
		return false
	}
	for _, m := range gc.monitors {
		if !m.reg.HasSynced() {
			return false
		}
	}
	return true
}

// handlers feed a resource's informer events to the graph
// (controllerFor): the model's informers call handlers on the loop, so
// the graph changes at once, in the order client-go's single
// graphChanges consumer would apply them.
func (gc *GarbageCollector) handlers(k *object.KindInfo) cache.ResourceEventHandler {
	return &monitorHandler{gc: gc, apiVersion: k.APIVersion(), kind: k.Kind}
}

// monitorHandler turns one monitor's informer events into graph changes.
type monitorHandler struct {
	gc *GarbageCollector
	// apiVersion and kind are the resource's, joined once rather than
	// for every event (KindInfo.APIVersion builds a new string).
	apiVersion, kind string
}

// OnAdd implements cache.ResourceEventHandler.
func (h *monitorHandler) OnAdd(o *object.Object, _ bool) {
	h.gc.processGraphChange(event{apiVersion: h.apiVersion, kindName: h.kind, typ: addEvent, obj: o})
}

// OnUpdate implements cache.ResourceEventHandler.
func (h *monitorHandler) OnUpdate(old, o *object.Object) {
	h.gc.processGraphChange(event{apiVersion: h.apiVersion, kindName: h.kind, typ: updateEvent, obj: o, old: old})
}

// OnDelete implements cache.ResourceEventHandler.
func (h *monitorHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.gc.processGraphChange(event{apiVersion: h.apiVersion, kindName: h.kind, typ: deleteEvent, obj: o})
	}
}

// monitorsOf reports whether ms are the monitors of kinds, in order: what
// syncMonitors would keep, adding none.
func monitorsOf(ms []*monitor, kinds []*object.KindInfo) bool {
	if len(ms) != len(kinds) {
		return false
	}
	for i, m := range ms {
		if m.kind != kinds[i] {
			return false
		}
	}
	return true
}
