package nodelifecycle

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// processTaintBaseEviction keeps the NoExecute taints in step with the
// Ready condition (processTaintBaseEviction): False queues the not-ready
// taint, Unknown the unreachable one — swapped at once when the Node
// carries the other — and True removes both.
func (c *Controller) processTaintBaseEviction(node *object.Object, ready *nodeCond) {
	switch ready.status {
	case condFalse:
		if taintExists(node, unreachableNoExecute) {
			c.swapTaints([]taint{notReadyNoExecute}, []taint{unreachableNoExecute}, node)
		} else if c.markNodeForTainting(node, condFalse) {
			c.decideQueued(node, "Node is NotReady: queued for the not-ready NoExecute taint")
		}
	case condUnknown:
		if taintExists(node, notReadyNoExecute) {
			c.swapTaints([]taint{unreachableNoExecute}, []taint{notReadyNoExecute}, node)
		} else if c.markNodeForTainting(node, condUnknown) {
			c.decideQueued(node, "Node is unresponsive: queued for the unreachable NoExecute taint")
		}
	case condTrue:
		if removed, _ := c.markNodeAsReachable(node); removed {
			c.decide(node.Meta.Name, "Node is healthy again: removed from the tainting queue")
		}
	}
	c.scheduleTaintPass()
}

// decideQueued records that a Node was queued for tainting, once per
// stay in the queue: while the zone's rate is zero it is re-queued on
// every pass.
func (c *Controller) decideQueued(node *object.Object, detail string) {
	if !c.reported[node.Meta.Name] {
		c.reported[node.Meta.Name] = true
		c.decide(node.Meta.Name, detail)
	}
}

// markNodeForTainting queues the Node in its zone's tainting queue, first
// forgetting an earlier visit when the taint is not on the Node yet.
func (c *Controller) markNodeForTainting(node *object.Object, status string) bool {
	q := c.tainter(c.zoneOf(node))
	name := node.Meta.Name
	if status == condFalse && !taintExists(node, notReadyNoExecute) {
		q.remove(name)
	}
	if status == condUnknown && !taintExists(node, unreachableNoExecute) {
		q.remove(name)
	}
	return q.add(name, node.Meta.UID, c.loop.Now())
}

// markNodeAsReachable removes the unreachable and not-ready NoExecute
// taints and takes the Node out of its zone's tainting queue.
func (c *Controller) markNodeAsReachable(node *object.Object) (bool, error) {
	if err := c.removeTaints(node, []taint{unreachableNoExecute}); err != nil {
		return false, err
	}
	if err := c.removeTaints(node, []taint{notReadyNoExecute}); err != nil {
		return false, err
	}
	delete(c.reported, node.Meta.Name)
	return c.tainter(c.zoneOf(node)).remove(node.Meta.Name), nil
}
