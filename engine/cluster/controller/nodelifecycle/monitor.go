package nodelifecycle

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/podindex"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// monitorNodeHealth is one pass of the health monitor (monitorNodeHealth):
// it registers new Nodes and forgets deleted ones, judges each Node's
// health, keeps its NoExecute taints in step with its Ready condition,
// marks its Pods not ready when it stops being Ready, and finally updates
// the zones' disruption states.
func (c *Controller) monitorNodeHealth() {
	nodes := c.listNodes()
	defer c.releaseNodes()
	added, deleted, newZones := c.classifyNodes(nodes)
	for _, n := range newZones {
		c.addPodEvictorForNewZone(n)
	}
	for _, n := range added {
		c.rec.Eventf(nodeRef(n), record.Normal, "RegisteredNode", "Registered Node %v in Controller", n.Meta.Name)
		c.known[n.Meta.Name] = n
		c.addPodEvictorForNewZone(n)
		_, _ = c.markNodeAsReachable(n)
	}
	for _, n := range deleted {
		c.rec.Eventf(nodeRef(n), record.Normal, "RemovingNode", "Removing Node %v from Controller", n.Meta.Name)
		delete(c.known, n.Meta.Name)
		delete(c.ready, n.Meta.Name) // readyOf's read of the Node removed
	}

	zoneConds := emptied(&c.zoneCounts)
	for _, node := range nodes {
		// Kubernetes deep-copies each Node here; the model copies only
		// when the Node's conditions are to be written (see
		// tryUpdateNodeHealth), which reads the same.
		observed, current, node, ok := c.updateNodeHealth(node)
		if !ok {
			continue
		}
		if !c.excluded(node) {
			z := c.zoneOf(node)
			zoneConds[z] = zoneConds[z].add(current)
		}
		if current != nil {
			name := node.Meta.Name
			c.processTaintBaseEviction(node, current)
			wasReady := observed.status == condTrue
			if current.status != condTrue && wasReady {
				c.rec.Eventf(nodeRef(node), record.Normal, "NodeNotReady", "Node %s status is now: %s", name, "NodeNotReady")
			}
			if (current.status != condTrue && wasReady) || (c.nodesToRetry[name] && !wasReady) {
				pods := podindex.OnNode(c.pods, name)
				if err := c.markPodsNotReady(pods, name); err != nil {
					c.nodesToRetry[name] = true
					continue
				}
				if len(pods) > 0 {
					c.decide(name, fmt.Sprintf("Node is %s: its Pods marked not ready", current.status))
				}
			}
		}
		delete(c.nodesToRetry, node.Meta.Name)
	}
	c.handleDisruption(zoneConds, nodes)
}

// updateNodeHealth runs tryUpdateNodeHealth, retrying a failed status
// write with a fresh copy of the Node up to nodeHealthUpdateRetry times
// (the source polls every 20 ms; the model retries at once). It returns
// the Node as last seen (a copy with its conditions Unknown once marked);
// ok is false when the Node is skipped this pass.
func (c *Controller) updateNodeHealth(node *object.Object) (observed nodeCond, current *nodeCond, _ *object.Object, ok bool) {
	for range nodeHealthUpdateRetry {
		var err error
		observed, current, node, err = c.tryUpdateNodeHealth(node)
		if err == nil {
			return observed, current, node, true
		}
		if errors.Is(err, errShortCircuit) {
			return observed, current, node, false
		}
		fresh, gerr := client.Shared(c.client.Do(client.GetRequest(c.kinds.node, "", node.Meta.Name), nil))
		if gerr != nil {
			return observed, current, node, false
		}
		node = fresh
	}
	return observed, current, node, false
}

// classifyNodes is classifyNodes: Nodes new to the controller, Nodes gone,
// and known Nodes of a zone without a state yet.
// A Node is gone when the known Nodes and the added ones outnumber the
// listed ones; only then are the listed names gathered.
func (c *Controller) classifyNodes(nodes []*object.Object) (added, deleted, newZones []*object.Object) {
	for _, n := range nodes {
		if _, ok := c.known[n.Meta.Name]; !ok {
			added = append(added, n)
		} else if _, ok := c.zoneStates[c.read(n).zone]; !ok {
			newZones = append(newZones, n)
		}
	}
	if len(c.known)+len(added) != len(nodes) {
		present := make(map[string]bool, len(nodes))
		for _, n := range nodes {
			present[n.Meta.Name] = true
		}
		for _, name := range slices.Sorted(maps.Keys(c.known)) {
			if !present[name] {
				deleted = append(deleted, c.known[name])
			}
		}
	}
	return added, deleted, newZones
}

// listNodes lists the informer's Nodes as Lister().List does, in its
// order, into a slice kept from pass to pass.
func (c *Controller) listNodes() []*object.Object {
	nodes := c.nodeList[:0]
	c.nodes.Indexer().Range(func(n *object.Object) bool {
		nodes = append(nodes, n)
		return true
	})
	c.nodeList = nodes
	return nodes
}

// releaseNodes forgets the Nodes listNodes listed, so that the kept slice
// holds no deleted Node.
func (c *Controller) releaseNodes() { clear(c.nodeList) }

// excluded reports whether node is kept out of its zone's counts.
func (c *Controller) excluded(node *object.Object) bool {
	if r, ok := c.cached(node); ok {
		return r.excluded
	}
	_, excluded := node.Meta.Labels[labelExcludeDisruption]
	return excluded
}

// emptied returns *m emptied, made on first use: a map kept from pass to
// pass, so that a pass does not allocate it again.
func emptied[V any](m *map[string]V) map[string]V {
	if *m == nil {
		*m = map[string]V{}
	}
	clear(*m)
	return *m
}

func nodeRef(n *object.Object) record.Ref {
	return record.Ref{Kind: "Node", Name: n.Meta.Name, UID: n.Meta.UID}
}
