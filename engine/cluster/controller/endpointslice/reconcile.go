package endpointslice

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// reconcile brings a Service's slices in line with its Pods (the
// endpointslice Reconciler, reconciler.go Reconcile): slices of an address
// family the Service no longer has are deleted, each family it has is
// reconciled.
func (c *Controller) reconcile(svc *object.Object, pods []pod, existing []*slice, trigger time.Time) error {
	families := addressTypes(svc)
	var errs []error
	var gone []*slice
	byType := map[string][]*slice{}
	for _, s := range existing {
		if !slices.Contains(families, s.addressType) {
			gone = append(gone, s)
			continue
		}
		byType[s.addressType] = append(byType[s.addressType], s)
	}
	for _, at := range families {
		if err := c.reconcileByAddressType(svc, pods, byType[at], trigger, at); err != nil {
			errs = append(errs, err)
		}
	}
	for _, s := range gone {
		if err := c.deleteSlice(svc, s); err != nil {
			errs = append(errs, fmt.Errorf("error deleting %s EndpointSlice for Service %s/%s: %w", s.name, svc.Meta.Namespace, svc.Meta.Name, err))
		}
	}
	return errors.Join(errs...)
}

// addressTypes are the Service's IP families as slice address types
// (utils.go, getAddressTypesForService).
func addressTypes(svc *object.Object) []string {
	var out []string
	for _, f := range listOf(svc.Spec()["ipFamilies"]) {
		if f == "IPv4" || f == "IPv6" {
			out = append(out, f.(string))
		}
	}
	if len(out) > 0 {
		return out
	}
	switch ip := svc.GetString(".spec.clusterIP"); {
	case ip != "" && ip != "None":
		for i := 0; i < len(ip); i++ {
			if ip[i] == ':' {
				return []string{"IPv6"}
			}
		}
		return []string{"IPv4"}
	}
	return []string{"IPv4", "IPv6"}
}

// reconcileByAddressType is reconciler.go reconcileByAddressType without
// topology hints: the desired endpoints are grouped by their resolved
// ports, each group is fitted into the slices that carry those ports, and
// a Service with no endpoints at all keeps one empty placeholder slice.
func (c *Controller) reconcileByAddressType(svc *object.Object, pods []pod, existing []*slice, trigger time.Time, addressType string) error {
	var errs []error
	var toCreate, toUpdate, toDelete []*slice

	existingByPorts := map[string][]*slice{}
	var existingKeys []string
	for _, s := range existing {
		if !ownedBy(s, svc) {
			toDelete = append(toDelete, s)
			continue
		}
		k := portMapKey(s.ports)
		if _, ok := existingByPorts[k]; !ok {
			existingKeys = append(existingKeys, k)
		}
		existingByPorts[k] = append(existingByPorts[k], s)
	}

	sv := object.ViewService(svc)
	desired := map[string]*endpointSet{}
	desiredPorts := map[string][]port{}
	var desiredKeys []string
	for i := range pods {
		p := &pods[i]
		if p.terminal() || p.podIP == "" { // ShouldPodBeInEndpoints, terminating included
			continue
		}
		ports := endpointPorts(&sv, svc, p)
		k := portMapKey(ports)
		if _, ok := desired[k]; !ok {
			desired[k] = newEndpointSet()
			desiredPorts[k] = ports
			desiredKeys = append(desiredKeys, k)
		}
		node, ok := c.nodes.Lister().Get("", p.nodeName)
		if !ok && !sv.PublishNotReadyAddresses {
			errs = append(errs, fmt.Errorf("skipping Pod %s for Service %s/%s: Node %s Not Found", p.name, sv.Namespace, sv.Name, p.nodeName))
			continue
		}
		ep := podToEndpoint(p, node, &sv, addressType)
		if len(ep.addresses) > 0 {
			desired[k].insert(ep)
		}
	}

	for _, k := range desiredKeys {
		cr, up, del := c.reconcileByPortMapping(svc, existingByPorts[k], desired[k], desiredPorts[k], addressType)
		toCreate, toUpdate, toDelete = append(toCreate, cr...), append(toUpdate, up...), append(toDelete, del...)
	}
	for _, k := range existingKeys {
		if _, ok := desired[k]; !ok {
			toDelete = append(toDelete, existingByPorts[k]...)
		}
	}

	// A Service with no endpoints keeps one placeholder slice.
	if len(existing) == len(toDelete) && len(toCreate) < 1 {
		ph := newSlice(svc, nil, addressType)
		if len(toDelete) == 1 && isPlaceholder(toDelete[0], ph, svc) {
			toDelete = toDelete[:0]
		} else {
			toCreate = append(toCreate, ph)
		}
	}

	if err := c.finalize(svc, toCreate, toUpdate, toDelete, trigger); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// isPlaceholder compares a stored slice with a placeholder the way the
// reconciler's placeholderSliceCompare does: namespace, labels, owner
// references, address type, and no ports or endpoints.
func isPlaceholder(s, ph *slice, svc *object.Object) bool {
	if s.base == nil || s.base.Meta.Namespace != svc.Meta.Namespace || s.addressType != ph.addressType ||
		len(s.ports) != 0 || len(s.endpoints) != 0 || len(s.labels) != len(ph.labels) {
		return false
	}
	for k, v := range ph.labels {
		if w, ok := s.labels[k]; !ok || w != v {
			return false
		}
	}
	refs := s.base.Meta.OwnerReferences
	return len(refs) == 1 && refs[0].APIVersion == "v1" && refs[0].Kind == "Service" &&
		refs[0].Name == svc.Meta.Name && refs[0].UID == svc.Meta.UID && refs[0].IsController() &&
		refs[0].BlockOwnerDeletion != nil && *refs[0].BlockOwnerDeletion
}
