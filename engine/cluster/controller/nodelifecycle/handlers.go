package nodelifecycle

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// nodeHandler queues a Node for the NoSchedule tainting pass on every add
// and update, and forgets its retry mark when it is deleted
// (NewNodeLifecycleController's Node handlers).
type nodeHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h nodeHandler) OnAdd(o *object.Object, _ bool) { h.c.nodeQueue.Add(o.Meta.Name) }

// OnUpdate implements cache.ResourceEventHandler.
func (h nodeHandler) OnUpdate(_, o *object.Object) { h.c.nodeQueue.Add(o.Meta.Name) }

// OnDelete implements cache.ResourceEventHandler.
func (h nodeHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		delete(h.c.nodesToRetry, o.Meta.Name)
	}
}

// podHandler queues a Pod when it is first seen on a Node or moves to one
// (podUpdated): a Pod landing on a Node that is not Ready is marked not
// ready at once.
type podHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h podHandler) OnAdd(o *object.Object, _ bool) { h.c.podUpdated(nil, o) }

// OnUpdate implements cache.ResourceEventHandler.
func (h podHandler) OnUpdate(old, o *object.Object) { h.c.podUpdated(old, o) }

// OnDelete implements cache.ResourceEventHandler.
func (h podHandler) OnDelete(any) {}

func (c *Controller) podUpdated(old, cur *object.Object) {
	node, _ := cur.Spec()["nodeName"].(string)
	if node == "" {
		return
	}
	if old != nil {
		if was, _ := old.Spec()["nodeName"].(string); was == node {
			return
		}
	}
	c.podQueue.Add(cur.Key())
}
