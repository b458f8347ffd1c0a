package nodelifecycle

import (
	"errors"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// markPodsNotReady is controllerutil.MarkPodsNotReady: each Pod bound to
// the Node whose Ready condition is not False yet gets it set to False
// (lastTransitionTime now, the rest as it was) through pods/status, and a
// Warning Event NodeNotReady "Node is not ready". A Pod already gone is
// skipped; other failures are returned together, so the Node is retried.
func (c *Controller) markPodsNotReady(pods []*object.Object, node string) error {
	var errs []error
	for _, p := range pods {
		if n, _ := p.Spec()["nodeName"].(string); n != node {
			continue
		}
		pod := p.DeepCopy()
		m := podCondition(pod, "Ready")
		if m == nil || m["status"] == condFalse {
			continue
		}
		m["status"] = condFalse
		m["lastTransitionTime"] = c.loop.Now().RFC3339()
		ref := record.Ref{Kind: "Pod", Namespace: pod.Meta.Namespace, Name: pod.Meta.Name, UID: pod.Meta.UID}
		// pod is this write's copy, used no more: handed over.
		if err := c.client.Do(client.UpdateRequestOwning(c.kinds.pod, pod, api.WriteOptions{}, "status"), nil).Err(); err != nil {
			if api.IsReason(err, api.ReasonNotFound) {
				continue
			}
			errs = append(errs, err)
		}
		c.rec.Event(ref, record.Warning, "NodeNotReady", "Node is not ready")
	}
	return errors.Join(errs...)
}

func podCondition(pod *object.Object, t string) map[string]any {
	for _, c := range listOf(pod.Status()["conditions"]) {
		if m, ok := c.(map[string]any); ok && m["type"] == t {
			return m
		}
	}
	return nil
}

// processPod handles a Pod that arrived on a Node (processPod): on a Node
// the controller last saw not Ready, the Pod is marked not ready at once.
func (c *Controller) processPod(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pod, ok := c.pods.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	node, _ := pod.Spec()["nodeName"].(string)
	nh := c.health[node]
	if nh == nil {
		return nil
	}
	if _, ok := c.nodes.Lister().Get("", node); !ok {
		return errors.New("node " + node + " not found")
	}
	if nh.ready == nil || nh.ready.status == condTrue {
		return nil
	}
	return c.markPodsNotReady([]*object.Object{pod}, node)
}
