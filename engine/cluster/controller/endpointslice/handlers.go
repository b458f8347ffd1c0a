package endpointslice

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// serviceHandler queues a Service on every add, update and delete
// (onServiceUpdate, onServiceDelete).
type serviceHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h serviceHandler) OnAdd(o *object.Object, _ bool) { h.c.queue.Add(o.Key()) }

// OnUpdate implements cache.ResourceEventHandler.
func (h serviceHandler) OnUpdate(_, o *object.Object) { h.c.queue.Add(o.Key()) }

// OnDelete implements cache.ResourceEventHandler.
func (h serviceHandler) OnDelete(obj any) {
	if k, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); err == nil {
		h.c.queue.Add(k)
	}
}

// podHandler queues the Services a Pod change may affect (onPodUpdate
// with GetPodUpdateProjectionKey and GetServicesToUpdate, done at once
// rather than through the controller's Pod queue).
type podHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h podHandler) OnAdd(o *object.Object, _ bool) { h.c.podChanged(nil, o) }

// OnUpdate implements cache.ResourceEventHandler.
func (h podHandler) OnUpdate(old, o *object.Object) { h.c.podChanged(old, o) }

// OnDelete implements cache.ResourceEventHandler.
func (h podHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.c.podChanged(o, nil)
	}
}

func (c *Controller) podChanged(old, cur *object.Object) {
	var ns string
	var labels, oldLabels map[string]string
	podChanged := false
	switch {
	case old == nil:
		ns, labels = cur.Meta.Namespace, cur.Meta.Labels
	case cur == nil:
		ns, labels = old.Meta.Namespace, old.Meta.Labels
	default:
		// A resync (same resourceVersion) is left to the Service informer.
		if old.Meta.ResourceVersion == cur.Meta.ResourceVersion {
			return
		}
		var labelsChanged bool
		podChanged, labelsChanged = podEndpointsChanged(old, cur)
		if !podChanged && !labelsChanged {
			return
		}
		ns, labels = cur.Meta.Namespace, cur.Meta.Labels
		if labelsChanged {
			oldLabels = old.Meta.Labels
		}
	}
	services := c.servicesFor(ns, labels)
	if oldLabels != nil {
		before := c.servicesFor(ns, oldLabels)
		if podChanged {
			services = union(services, before)
		} else {
			services = union(difference(services, before), difference(before, services))
		}
	}
	for _, key := range services {
		c.queue.AddAfter(key, c.cfg.BatchPeriod)
	}
}

// podEndpointsChanged is controller_utils.go podEndpointsChanged: whether
// the Pod's endpoint may differ (deletionTimestamp — compared as pointers
// there, so any Pod being deleted counts —, readiness, IPs) and whether its
// labels, hostname or subdomain changed.
func podEndpointsChanged(old, cur *object.Object) (podChanged, labelsChanged bool) {
	labelsChanged = !maps.Equal(old.Meta.Labels, cur.Meta.Labels) ||
		old.GetString(".spec.hostname") != cur.GetString(".spec.hostname") ||
		old.GetString(".spec.subdomain") != cur.GetString(".spec.subdomain")
	if old.Meta.DeletionTimestamp != nil || cur.Meta.DeletionTimestamp != nil {
		return true, labelsChanged
	}
	if object.IsPodReady(old) != object.IsPodReady(cur) {
		return true, labelsChanged
	}
	oldStatus, curStatus := old.Status(), cur.Status()
	return !object.EqualValues(oldStatus["podIPs"], curStatus["podIPs"]) || stringOf(oldStatus["podIP"]) != stringOf(curStatus["podIP"]), labelsChanged
}

// stringOf returns v when it is a string, "" otherwise.
func stringOf(v any) string { s, _ := v.(string); return s }

// servicesFor lists the keys of the Services in ns whose selector matches
// labels; a Service without a selector matches nothing.
func (c *Controller) servicesFor(ns string, labels map[string]string) []string {
	var out []string
	_ = c.services.Indexer().RangeIndex(cache.NamespaceIndex, ns, func(s *object.Object) bool {
		if selects(s.Spec()["selector"], labels) {
			out = append(out, s.Key())
		}
		return true
	})
	return out
}

// selects reports whether a Service's spec.selector selects labels, read
// as object.ViewService reads it: no selector, or an empty one, selects
// nothing; values that are not strings are ignored.
func selects(selector any, labels map[string]string) bool {
	m, _ := selector.(map[string]any)
	if len(m) == 0 {
		return false
	}
	for k, v := range m {
		want, ok := v.(string)
		if !ok {
			continue
		}
		if got, ok := labels[k]; !ok || got != want {
			return false
		}
	}
	return true
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, k := range b {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func difference(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}
