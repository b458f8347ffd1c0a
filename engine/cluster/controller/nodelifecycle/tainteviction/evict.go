package tainteviction

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/podindex"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// handleNodeUpdate records the Node's NoExecute taints and (re)plans the
// deletion of each of its Pods; a Node without them cancels its Pods'
// deletions (handleNodeUpdate).
func (c *Controller) handleNodeUpdate(name string) {
	node, ok := c.nodes.Lister().Get("", name)
	if !ok {
		delete(c.tainted, name)
		return
	}
	taints := noExecuteTaints(node)
	if len(taints) == 0 {
		delete(c.tainted, name)
	} else {
		c.tainted[name] = taints
	}
	pods := podindex.OnNode(c.pods, name)
	if len(pods) == 0 {
		return
	}
	if len(taints) == 0 {
		for _, p := range pods {
			c.cancelWithEvent(p.Meta.Namespace, p.Meta.Name)
		}
		return
	}
	now := c.loop.Now()
	for _, p := range pods {
		c.processPodOnNode(p, taints, now)
	}
}

// handlePodUpdate plans a Pod's deletion against its Node's known taints,
// or cancels it for a Pod that is gone (handlePodUpdate).
func (c *Controller) handlePodUpdate(ns, name, node string) {
	pod, ok := c.pods.Lister().Get(ns, name)
	if !ok {
		c.cancelWithEvent(ns, name)
		return
	}
	if n, _ := pod.Spec()["nodeName"].(string); n != node || node == "" {
		return
	}
	taints, ok := c.tainted[node]
	if !ok {
		return
	}
	c.processPodOnNode(pod, taints, c.loop.Now())
}

// processPodOnNode is processPodOnNode: a Pod that does not tolerate every
// NoExecute taint is deleted at once; one that tolerates them for ever is
// left alone; otherwise its deletion is scheduled when the shortest
// tolerationSeconds of the tolerations used runs out, counted from when
// the controller first planned it.
func (c *Controller) processPodOnNode(pod *object.Object, taints []object.Taint, now sim.Time) {
	ns, name := pod.Meta.Namespace, pod.Meta.Name
	key := ns + "/" + name
	if len(taints) == 0 {
		c.cancelWithEvent(ns, name)
	}
	all, used := matchingTolerations(taints, object.ViewPod(pod).Tolerations)
	if !all {
		c.cancelWithEvent(ns, name)
		c.addWork(ns, name, now, now)
		return
	}
	least := minTolerationTime(used)
	if least < 0 {
		c.cancelWithEvent(ns, name)
		return
	}
	start, trigger := now, now.Add(least)
	if w, ok := c.workers[key]; ok && w != nil {
		start = w.createdAt
		if start.Add(least) < trigger {
			return
		}
		c.cancelWithEvent(ns, name)
	}
	c.addWork(ns, name, start, start.Add(least))
}

// timedWorker is a scheduled deletion (TimedWorker).
type timedWorker struct {
	createdAt, fireAt sim.Time
	timer             *sim.Timer
}

// addWork schedules a Pod's deletion (TimedWorkerQueue.AddWork): nothing
// when one is scheduled already; at once when fireAt is not after
// createdAt; else fireAt-createdAt from now, as the source's timer counts.
func (c *Controller) addWork(ns, name string, createdAt, fireAt sim.Time) {
	key := ns + "/" + name
	if _, ok := c.workers[key]; ok {
		return
	}
	delay := fireAt.Sub(createdAt)
	fire := func() {
		if !c.running {
			return
		}
		c.deletePod(ns, name)
		delete(c.workers, key)
	}
	if delay <= 0 {
		c.workers[key] = nil // running, cannot be cancelled
		c.decide(ns, name, "does not tolerate the Node's NoExecute taints: delete now")
		c.loop.At(c.loop.Now(), fire)
		return
	}
	w := &timedWorker{createdAt: createdAt, fireAt: fireAt}
	w.timer = c.loop.After(delay, fire)
	c.workers[key] = w
	c.decide(ns, name, fmt.Sprintf("tolerates the Node's NoExecute taints for %s: delete at %s", fireAt.Sub(createdAt), c.loop.Now().Add(delay)))
}

// cancelWithEvent cancels a scheduled deletion and records the Event
// "Cancelling deletion of Pod NS/NAME" (cancelWorkWithEvent).
func (c *Controller) cancelWithEvent(ns, name string) {
	key := ns + "/" + name
	w, ok := c.workers[key]
	if !ok {
		return
	}
	delete(c.workers, key)
	if w == nil {
		return
	}
	w.timer.Stop()
	c.decide(ns, name, "deletion cancelled")
	c.emit(ns, name, "Cancelling deletion of Pod %s/%s")
}
