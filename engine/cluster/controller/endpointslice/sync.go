package endpointslice

import (
	"errors"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// errStaleCache is endpointslicepkg.NewStaleInformerCache's message: the
// slice cache has not caught up with the controller's own writes, and the
// Service is retried with back-off.
var errStaleCache = errors.New("EndpointSlice informer cache is out of date")

// syncService reconciles one Service's slices (endpointslice_controller.go,
// syncService): a deleted Service is forgotten; ExternalName Services and
// Services without a selector are left alone; otherwise the selected Pods
// and the controller's slices (those not being deleted) are read from the
// caches and reconciled.
func (c *Controller) syncService(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	svc, ok := c.services.Lister().Get(ns, name)
	if !ok {
		c.triggers.deleteService(key)
		c.tracker.deleteService(key)
		return nil
	}
	sv := object.ViewService(svc)
	if sv.Type == "ExternalName" || sv.Selector == nil {
		return nil
	}
	objs := c.pods.Lister().ListNamespace(ns, object.LabelSelector{MatchLabels: sv.Selector})
	pods := make([]pod, len(objs))
	for i, o := range objs {
		pods[i] = podOf(o)
	}
	slices.SortFunc(pods, func(a, b pod) int { return strings.Compare(a.name, b.name) })
	stored := c.slices.Lister().ListNamespace(ns, object.LabelSelector{MatchLabels: map[string]string{
		LabelServiceName: name, LabelManagedBy: ManagedBy}})
	stored = slices.DeleteFunc(slices.Clone(stored), func(o *object.Object) bool { return o.Meta.DeletionTimestamp != nil })
	if c.tracker.stale(key, stored) {
		return errStaleCache
	}
	trigger := c.triggers.compute(key, svc, pods)
	existing := make([]*slice, len(stored))
	for i, o := range stored {
		existing[i] = sliceFrom(o)
	}
	return c.reconcile(svc, pods, existing, trigger)
}
