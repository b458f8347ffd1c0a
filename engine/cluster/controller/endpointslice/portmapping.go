package endpointslice

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// reconcileByPortMapping fits the desired endpoints of one port mapping
// into its slices with as little churn as possible (reconciler.go,
// reconcileByPortMapping):
//
//  1. In each existing slice, endpoints no longer desired are dropped and
//     changed ones replaced; a slice left empty is deleted, a changed one
//     updated (as is one whose Service labels changed); the rest are
//     unchanged.
//  2. Remaining endpoints fill the slices being updated anyway, fullest
//     first, up to the maximum.
//  3. What is still left goes into the unchanged slice that it fills most
//     closely (when fewer than the maximum remain), else into new slices.
//
// Kubernetes iterates Go sets here; the model uses the slices' stored order
// and the Pods' name order, so its choices are deterministic.
func (c *Controller) reconcileByPortMapping(svc *object.Object, existing []*slice, desired *endpointSet, ports []port, addressType string) (toCreate, toUpdate, toDelete []*slice) {
	max := c.cfg.MaxEndpointsPerSlice
	var unchanged, update []*slice
	for _, es := range existing {
		var keep []endpoint
		changed := false
		for i := range es.endpoints {
			old := &es.endpoints[i]
			got := desired.get(old)
			if got == nil {
				continue
			}
			keep = append(keep, *got)
			if !got.equalBeyondKey(old) {
				changed = true
			}
			desired.delete(old)
		}
		switch {
		case changed || len(keep) != len(es.endpoints):
			if len(keep) == 0 {
				toDelete = append(toDelete, es)
				continue
			}
			u := es.copy()
			u.endpoints = keep
			u.labels = sliceLabels(svc)
			update = append(update, u)
		case labelsChanged(es, svc):
			u := es.copy()
			u.labels = sliceLabels(svc)
			update = append(update, u)
		default:
			unchanged = append(unchanged, es)
		}
	}

	// 2. Fill the slices being updated, fullest first.
	if desired.len() > 0 && len(update) > 0 {
		byLen := slices.Clone(update)
		slices.SortStableFunc(byLen, func(a, b *slice) int { return len(b.endpoints) - len(a.endpoints) })
		for _, s := range byLen {
			for desired.len() > 0 && len(s.endpoints) < max {
				s.endpoints = append(s.endpoints, desired.pop())
			}
		}
	}

	// 3. Fit the rest into an unchanged slice, or new ones.
	for desired.len() > 0 {
		var fill *slice
		if desired.len() < max && len(unchanged) > 0 {
			if i := sliceToFill(unchanged, desired.len(), max); i >= 0 {
				fill = unchanged[i].copy()
				unchanged = slices.Delete(unchanged, i, i+1)
				update = append(update, fill)
			}
		}
		if fill == nil {
			fill = newSlice(svc, ports, addressType)
			toCreate = append(toCreate, fill)
		}
		for desired.len() > 0 && len(fill.endpoints) < max {
			fill.endpoints = append(fill.endpoints, desired.pop())
		}
	}
	return toCreate, update, toDelete
}

// sliceToFill is getSliceToFill: the slice that adding n endpoints brings
// closest to full without passing max, or -1.
func sliceToFill(candidates []*slice, n, max int) int {
	closest, best := max, -1
	for i, s := range candidates {
		diff := max - (n + len(s.endpoints))
		if diff >= 0 && diff < closest {
			closest, best = diff, i
			if diff == 0 {
				break
			}
		}
	}
	return best
}
