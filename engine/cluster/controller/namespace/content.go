package namespace

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// finalizerEstimateSeconds is the wait assumed for objects held by
// finalizers (namespaced_resources_deleter.go).
const finalizerEstimateSeconds = 15

// remaining is gvrDeletionMetadata: what is left of one resource.
type remaining struct {
	estimate   int64
	count      int
	finalizers map[string]int
}

// deletableResources is discovery's preferred namespaced resources that
// support delete (ServerPreferredNamespacedResources filtered by
// SupportsAllVerbs{delete}), in discovery order.
func (c *Controller) deletableResources() []*object.KindInfo {
	var out []*object.KindInfo
	for _, k := range c.kinds.Kinds() {
		if k.BodyOnly || !k.Namespaced || !k.HasVerb("delete") {
			continue
		}
		if vs := c.kinds.Versions(k.Group, k.Resource); len(vs) == 0 || vs[0] != k {
			continue
		}
		out = append(out, k)
	}
	return out
}

// deleteAllContent deletes every resource in the namespace, Pods first:
// while Pods remain nothing else is deleted. It returns the estimate of
// seconds before what remains is gone, and records the outcome in the
// namespace's conditions (ns is updated in place).
func (c *Controller) deleteAllContent(ns *object.Object) (int64, error) {
	name := ns.Meta.Name
	deletedAt := *ns.Meta.DeletionTimestamp
	u := &conditionUpdater{now: c.loop.Now().Wall()}
	var errs []error
	var estimate int64
	totals := totals{byResource: map[*object.KindInfo]int{}, byFinalizer: map[string]int{}}
	add := func(k *object.KindInfo, r remaining, err error) {
		if err != nil {
			errs = append(errs, err)
			u.deleteContentErrs = append(u.deleteContentErrs, err)
		}
		estimate = max(estimate, r.estimate)
		if r.count > 0 {
			totals.add(k, r)
		}
	}
	resources := c.deletableResources()
	for _, k := range resources {
		if k != c.podKind {
			continue
		}
		r, err := c.deleteResource(k, name, deletedAt)
		if err != nil {
			err = fmt.Errorf("failed to delete pods for namespace: %s, err: %w", name, err)
		}
		add(k, r, err)
		if totals.byResource[k] > 0 {
			c.updateConditions(ns, u)
			return estimate, api.NewAggregate(errs)
		}
	}
	for _, k := range resources {
		if k == c.podKind {
			continue
		}
		r, err := c.deleteResource(k, name, deletedAt)
		add(k, r, err)
	}
	u.contentTotals(totals)
	c.updateConditions(ns, u)
	return estimate, api.NewAggregate(errs)
}

// updateConditions writes the conditions when they changed; a failure is
// only logged by Kubernetes, so it is dropped.
func (c *Controller) updateConditions(ns *object.Object, u *conditionUpdater) {
	if u.update(ns) {
		_ = c.client.Do(client.UpdateRequest(c.nsKind, ns, api.WriteOptions{}, "status"), nil)
	}
}

// deleteResource is deleteAllContentForGroupVersionResource.
func (c *Controller) deleteResource(k *object.KindInfo, ns string, deletedAt time.Time) (remaining, error) {
	estimate, err := c.estimateGracefulTermination(k, ns, deletedAt)
	if err != nil {
		return remaining{}, err
	}
	supported, err := c.deleteCollection(k, ns)
	if err != nil {
		return remaining{estimate: estimate}, err
	}
	if !supported {
		if err := c.deleteEachItem(k, ns); err != nil {
			return remaining{estimate: estimate}, err
		}
	}
	items, listed, err := c.listCollection(k, ns)
	if err != nil || !listed {
		return remaining{estimate: estimate}, err
	}
	if len(items) == 0 {
		return remaining{}, nil
	}
	fins := map[string]int{}
	for _, o := range items {
		for _, f := range o.Meta.Finalizers {
			fins[f]++
		}
	}
	switch {
	case estimate != 0:
		return remaining{estimate: estimate, count: len(items), finalizers: fins}, nil
	case len(fins) > 0:
		return remaining{estimate: finalizerEstimateSeconds, count: len(items), finalizers: fins}, nil
	}
	return remaining{estimate: estimate, count: len(items)},
		fmt.Errorf("unexpected items still remain in namespace: %s for gvr: %s", ns, gvrString(k))
}

// estimateGracefulTermination is the longest terminationGracePeriodSeconds
// of the namespace's Pods that have not terminated, or 0 once that long
// has passed since the namespace's deletion; 0 for other resources.
func (c *Controller) estimateGracefulTermination(k *object.KindInfo, ns string, deletedAt time.Time) (int64, error) {
	if k != c.podKind {
		return 0, nil
	}
	resp := c.client.Do(client.ListRequest(k, ns, api.ListOptions{}), nil)
	if err := resp.Err(); err != nil {
		return 0, err
	}
	var estimate int64
	for _, p := range resp.Items {
		if ph := p.GetString(".status.phase"); ph == "Succeeded" || ph == "Failed" {
			continue
		}
		if g, ok := p.Spec()["terminationGracePeriodSeconds"].(int64); ok && g > estimate {
			estimate = g
		}
	}
	if c.loop.Now().Wall().Sub(deletedAt) >= time.Duration(estimate)*time.Second {
		estimate = 0
	}
	return estimate, nil
}

// deleteCollection deletes the resource's objects in the namespace with
// one DELETECOLLECTION, propagationPolicy Background. It reports false
// when the resource does not serve deletecollection.
func (c *Controller) deleteCollection(k *object.KindInfo, ns string) (bool, error) {
	if !k.HasVerb("deletecollection") {
		return false, nil
	}
	err := c.client.DeleteCollection(k, ns, api.DeleteOptions{PropagationPolicy: api.PropagationBackground}, api.ListOptions{})
	if err == nil {
		return true, nil
	}
	if api.IsReason(err, api.ReasonMethodNotAllowed) || api.IsReason(err, api.ReasonNotFound) {
		return false, nil
	}
	return true, err
}

// listCollection lists the resource's objects in the namespace; false
// when list is not served.
func (c *Controller) listCollection(k *object.KindInfo, ns string) ([]*object.Object, bool, error) {
	if !k.HasVerb("list") {
		return nil, false, nil
	}
	resp := c.client.Do(client.ListRequest(k, ns, api.ListOptions{}), nil)
	err := resp.Err()
	if err == nil {
		return resp.Items, true, nil
	}
	if api.IsReason(err, api.ReasonMethodNotAllowed) || api.IsReason(err, api.ReasonNotFound) {
		return nil, false, nil
	}
	return nil, true, err
}

// deleteEachItem lists the objects and deletes them one by one,
// propagationPolicy Background.
func (c *Controller) deleteEachItem(k *object.KindInfo, ns string) error {
	items, listed, err := c.listCollection(k, ns)
	if err != nil || !listed {
		return err
	}
	for _, o := range items {
		err := c.client.Do(client.DeleteRequest(k, ns, o.Meta.Name, api.DeleteOptions{PropagationPolicy: api.PropagationBackground}), nil).Err()
		if err != nil && !api.IsReason(err, api.ReasonNotFound) && !api.IsReason(err, api.ReasonMethodNotAllowed) {
			return err
		}
	}
	return nil
}

// gvrString is schema.GroupVersionResource.String: "apps/v1, Resource=deployments".
func gvrString(k *object.KindInfo) string {
	return k.Group + "/" + k.Version + ", Resource=" + k.Resource
}
