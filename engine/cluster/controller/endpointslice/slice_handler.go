package endpointslice

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

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
