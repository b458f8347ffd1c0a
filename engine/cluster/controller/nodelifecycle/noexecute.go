package nodelifecycle

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// noExecuteTaintingPass is doNoExecuteTaintingPass: every zone's queue
// releases the Nodes its rate allows, and each gets the NoExecute taint its
// Ready condition calls for (replacing the opposite one); a Node that is
// Ready again by then is dropped.
func (c *Controller) noExecuteTaintingPass() {
	now := c.loop.Now()
	var buf [4]string
	for _, z := range object.AppendSortedKeys(buf[:0], c.tainters) {
		c.tainters[z].try(now, func(v timedValue) (bool, time.Duration) {
			node, ok := c.nodes.Lister().Get("", v.value)
			if !ok {
				return true, 0
			}
			ready, ok := condition(node, "Ready")
			if !ok {
				return false, 50 * time.Millisecond
			}
			switch ready.status {
			case condFalse:
				return c.swapTaints([]taint{notReadyNoExecute}, []taint{unreachableNoExecute}, node), 0
			case condUnknown:
				return c.swapTaints([]taint{unreachableNoExecute}, []taint{notReadyNoExecute}, node), 0
			}
			return true, 0
		})
	}
	c.scheduleTaintPass()
}

// scheduleTaintPass arms the tainting pass for its next useful tick.
// Kubernetes runs the pass every NodeEvictionPeriod (100 ms) from the
// start; a tick changes something only when a queue has a Node and its
// limiter a token, so the model wakes only on the first such tick.
func (c *Controller) scheduleTaintPass() {
	if !c.running || c.nodeRunner == nil {
		return
	}
	now := c.loop.Now()
	next, found := now, false
	for _, q := range c.tainterList {
		if _, ok := q.head(); !ok {
			continue
		}
		t, ok := q.limiter.nextToken(now)
		if !ok {
			continue
		}
		if !found || t < next {
			next, found = t, true
		}
	}
	if !found {
		c.taintTimer.Stop()
		return
	}
	// The first tick of the 100 ms grid after now and not before the
	// token: a Node queued during a pass that falls on a tick is tainted on
	// the next tick.
	if next <= now {
		next = now + 1
	}
	k := (next.Sub(c.started) + nodeEvictionPeriod - 1) / nodeEvictionPeriod
	at := c.started.Add(k * nodeEvictionPeriod)
	if !c.taintTimer.Pending() || c.taintTimer.When() != at {
		c.taintTimer.Reset(at)
	}
}
