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
	ov, cv := object.ViewPod(old), object.ViewPod(cur)
	if ov.IsReady() != cv.IsReady() {
		return true, labelsChanged
	}
	return !object.EqualValues(old.Status()["podIPs"], cur.Status()["podIPs"]) || ov.PodIP != cv.PodIP, labelsChanged
}

// servicesFor lists the keys of the Services in ns whose selector matches
// labels; a Service without a selector matches nothing.
func (c *Controller) servicesFor(ns string, labels map[string]string) []string {
	var out []string
	for _, s := range c.services.Lister().ListNamespace(ns, object.LabelSelector{}) {
		sel := object.ViewService(s).Selector
		if sel == nil {
			continue
		}
		if (object.LabelSelector{MatchLabels: sel}).Matches(labels) {
			out = append(out, s.Key())
		}
	}
	return out
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

// sliceHandler queues a slice's Service when the slice changed in a way
// the controller did not cause (onEndpointSliceAdd/Update/Delete), after
// endpointSliceChangeMinSyncDelay or the batch period if longer.
type sliceHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h sliceHandler) OnAdd(o *object.Object, _ bool) {
	if managed(o) && h.c.tracker.shouldSync(o) {
		h.c.queueForSlice(o)
	}
}

// OnUpdate implements cache.ResourceEventHandler.
func (h sliceHandler) OnUpdate(old, o *object.Object) {
	if old.Meta.Labels[LabelServiceName] != o.Meta.Labels[LabelServiceName] {
		h.c.queueForSlice(o)
		h.c.queueForSlice(old)
		return
	}
	if managed(old) != managed(o) || (managed(o) && h.c.tracker.shouldSync(o)) {
		h.c.queueForSlice(o)
	}
}

// OnDelete implements cache.ResourceEventHandler.
func (h sliceHandler) OnDelete(obj any) {
	o, ok := cache.ObjectOf(obj)
	if !ok || !managed(o) || !h.c.tracker.has(o) {
		return
	}
	if !h.c.tracker.handleDeletion(o) {
		h.c.queueForSlice(o)
	}
}

func managed(o *object.Object) bool { return o.Meta.Labels[LabelManagedBy] == ManagedBy }

func (c *Controller) queueForSlice(o *object.Object) {
	svc := o.Meta.Labels[LabelServiceName]
	if svc == "" {
		return
	}
	c.queue.AddAfter(o.Meta.Namespace+"/"+svc, max(endpointSliceChangeMinSyncDelay, c.cfg.BatchPeriod))
}
