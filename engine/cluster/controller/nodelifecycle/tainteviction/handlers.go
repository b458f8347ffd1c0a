package tainteviction

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Keys of the one work queue: Node updates ("node:NAME") and Pod updates
// ("pod:NAMESPACE/NAME@NODE"), handled in arrival order. Kubernetes uses a
// queue of each, shards them over eight workers by Node and lets a worker
// take Node updates first; with handling that takes no time, arrival order
// gives the same result.
const (
	nodePrefix = "node:"
	podPrefix  = "pod:"
)

type podHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h podHandler) OnAdd(o *object.Object, _ bool) { h.c.podUpdated(nil, o) }

// OnUpdate implements cache.ResourceEventHandler.
func (h podHandler) OnUpdate(old, o *object.Object) { h.c.podUpdated(old, o) }

// OnDelete implements cache.ResourceEventHandler.
func (h podHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.c.podUpdated(o, nil)
	}
}

// podUpdated queues a Pod whose Node or tolerations changed, or that came
// or went (PodUpdated).
func (c *Controller) podUpdated(old, cur *object.Object) {
	o := cur
	if o == nil {
		o = old
	}
	node, _ := o.Spec()["nodeName"].(string)
	if old != nil && cur != nil {
		oldNode, _ := old.Spec()["nodeName"].(string)
		if oldNode == node && object.EqualValues(old.Spec()["tolerations"], cur.Spec()["tolerations"]) {
			return
		}
	}
	c.queue.Add(podPrefix + o.Key() + "@" + node)
}

type nodeHandler struct{ c *Controller }

// OnAdd implements cache.ResourceEventHandler.
func (h nodeHandler) OnAdd(o *object.Object, _ bool) { h.c.nodeUpdated(nil, o) }

// OnUpdate implements cache.ResourceEventHandler.
func (h nodeHandler) OnUpdate(old, o *object.Object) { h.c.nodeUpdated(old, o) }

// OnDelete implements cache.ResourceEventHandler.
func (h nodeHandler) OnDelete(obj any) {
	if o, ok := cache.ObjectOf(obj); ok {
		h.c.nodeUpdated(o, nil)
	}
}

// nodeUpdated queues a Node whose NoExecute taints changed (NodeUpdated).
func (c *Controller) nodeUpdated(old, cur *object.Object) {
	if old != nil && cur != nil && sameTaints(noExecuteTaints(old), noExecuteTaints(cur)) {
		return
	}
	o := cur
	if o == nil {
		o = old
	}
	c.queue.Add(nodePrefix + o.Meta.Name)
}

// process handles one queued update.
func (c *Controller) process(key string) error {
	switch {
	case strings.HasPrefix(key, nodePrefix):
		c.handleNodeUpdate(strings.TrimPrefix(key, nodePrefix))
	case strings.HasPrefix(key, podPrefix):
		pod, node, _ := strings.Cut(strings.TrimPrefix(key, podPrefix), "@")
		ns, name, _ := cache.SplitMetaNamespaceKey(pod)
		c.handlePodUpdate(ns, name, node)
	}
	return nil
}
