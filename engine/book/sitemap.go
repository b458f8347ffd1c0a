package book

import (
	"slices"
	"sort"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// siteMap merges the maps of every scenario run in the site: each actor
// once, with the union of its inventories, ordered by role, then node,
// then id.
func siteMap(entries []*entry) *result.Map {
	byID := map[string]*result.MapActor{}
	edges := map[result.Edge]bool{}
	for _, e := range entries {
		s := e.scenario()
		if s == nil || s.Map == nil {
			continue
		}
		for _, a := range s.Map.Actors {
			if a.Role == result.RolePod {
				a = podsOf(a)
			}
			m, ok := byID[a.ID]
			if !ok {
				c := a
				c.Broken = false
				c.Members = slices.Clone(a.Members)
				c.Inventory = result.Inventory{}
				byID[a.ID] = &c
				m = &c
			}
			m.Members = union(m.Members, a.Members)
			m.Inventory.Reads = union(m.Inventory.Reads, a.Inventory.Reads)
			m.Inventory.Watches = union(m.Inventory.Watches, a.Inventory.Watches)
			m.Inventory.Writes = union(m.Inventory.Writes, a.Inventory.Writes)
			m.Inventory.Calls = union(m.Inventory.Calls, a.Inventory.Calls)
			m.Inventory.CalledBy = union(m.Inventory.CalledBy, a.Inventory.CalledBy)
		}
		for _, d := range s.Map.Direct {
			edges[d] = true
		}
	}
	out := &result.Map{}
	for _, a := range byID {
		out.Actors = append(out.Actors, *a)
	}
	sort.Slice(out.Actors, func(i, j int) bool {
		a, b := out.Actors[i], out.Actors[j]
		if a.Role != b.Role {
			return a.Role < b.Role
		}
		if a.Node != b.Node {
			return a.Node < b.Node
		}
		return a.ID < b.ID
	})
	for d := range edges {
		out.Direct = append(out.Direct, d)
	}
	sort.Slice(out.Direct, func(i, j int) bool {
		a, b := out.Direct[i], out.Direct[j]
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		return a.Verb < b.Verb
	})
	return out
}

// podsOf returns the box that stands for every Pod on a's Node in the
// site's map: the site has many scenarios, each with its own Pods, and
// the map shows where Pods run, not each one.
func podsOf(a result.MapActor) result.MapActor {
	a.ID, a.Label = "pods/"+a.Node, "Pods"
	if a.Node == "" {
		a.ID, a.Label = "pods", "Pods without a Node"
	}
	return a
}

// union returns the sorted union of a and b without duplicates.
func union(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	sort.Strings(out)
	return slices.Compact(out)
}
