package apiserver

import (
	"cmp"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// crdGroupPriority is the groupPriorityMinimum the CRD registration
// controller gives the APIService of a custom resource group
// (k8s.io/kube-aggregator/pkg/controllers/autoregister and
// pkg/controlplane/controller/crdregistration/crdregistration_controller.go:
// GroupPriorityMinimum 1000, VersionPriority 100). The model has no
// APIService objects for built-in or custom groups; groups it serves
// itself that kube-apiserver does not list in groupOrder (custom
// resources, the Gateway API's CRDs) are ranked with this priority.
const crdGroupPriority = 1000

// aggregatedGroup is a group and version an APIService delegates to a
// Service, as /apis lists it.
type aggregatedGroup struct {
	group, version string
	priority       int64
}

// aggregatedGroups lists what the stored APIServices with a
// spec.service delegate, read from this replica's cache (the
// aggregator's informer), or from the store while the cache is not
// loaded. An APIService without a service is served locally, so its
// group is already in the registry.
func (r *request) aggregatedGroups() []aggregatedGroup {
	k, ok := r.s.p.cfg.Registry.ByGroupKind("apiregistration.k8s.io", "APIService")
	if !ok {
		return nil
	}
	var svcs []*object.Object
	if c := r.s.caches[cacheKey{k.Group, k.Resource}]; c != nil && c.ready {
		c.c.List(&watchcache.Predicate{Prefix: keyPrefix(k)}, func(_ string, o *object.Object) bool {
			svcs = append(svcs, o)
			return true
		})
	} else if res, err := r.s.p.cfg.Store.RangePrefix(keyPrefix(k), store.RangeOptions{}); err == nil {
		for _, kv := range res.KVs {
			svcs = append(svcs, kv.Value)
		}
	}
	var out []aggregatedGroup
	for _, o := range svcs {
		if o.GetString(".spec.service.name") == "" || o.GetString(".spec.group") == "" {
			continue
		}
		g := aggregatedGroup{group: o.GetString(".spec.group"), version: o.GetString(".spec.version")}
		if v, ok, _ := o.Get(".spec.groupPriorityMinimum"); ok {
			g.priority, _ = v.(int64)
		}
		out = append(out, g)
	}
	return out
}

// addAggregated adds the aggregated groups to out (index maps a group's
// name to its place) and returns each group's priority.
func (r *request) addAggregated(out []apiGroup, index map[string]int) ([]apiGroup, map[string]int64) {
	prio := map[string]int64{}
	for _, a := range r.aggregatedGroups() {
		i, ok := index[a.group]
		if !ok {
			i = len(out)
			index[a.group] = i
			out = append(out, apiGroup{Name: a.group})
		}
		gv := groupVersion{GroupVersion: a.group + "/" + a.version, Version: a.version}
		if !slices.Contains(out[i].Versions, gv) {
			out[i].Versions = append(out[i].Versions, gv)
		}
		prio[a.group] = max(prio[a.group], a.priority)
	}
	return out, prio
}

// sortGroups orders groups as the aggregator's /apis does
// (k8s.io/kube-aggregator/pkg/apis/apiregistration/v1/helper/helpers.go,
// SortedByGroupAndVersion): by groupPriorityMinimum, highest first, then
// by name. Built-in groups keep kube-apiserver's order (groupOrder);
// the others follow with their APIService's priority, or
// crdGroupPriority.
func sortGroups(groups []apiGroup, prio map[string]int64) {
	rank := func(name string) int {
		if i := slices.Index(groupOrder, name); i >= 0 {
			return i
		}
		return len(groupOrder)
	}
	priority := func(name string) int64 {
		if p, ok := prio[name]; ok {
			return p
		}
		return crdGroupPriority
	}
	slices.SortStableFunc(groups, func(a, b apiGroup) int {
		if c := cmp.Compare(rank(a.Name), rank(b.Name)); c != 0 {
			return c
		}
		if c := cmp.Compare(priority(b.Name), priority(a.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
}

// aggregatedResourceList answers /apis/GROUP/VERSION for a group version
// no kind of the registry serves: the aggregator proxies discovery, like
// any request of the group version, to the aggregated server; 404 when
// no APIService delegates it.
func (r *request) aggregatedResourceList() *api.Response {
	if op := r.aggregatedOperation(); op != nil {
		return op.respond(r)
	}
	return notFoundPath().Response()
}
