package object

import (
	"maps"
	"slices"
)

// registryTemplate is a registry that is shared instead of being built
// again kind by kind. The template itself is never changed.
type registryTemplate struct {
	reg *Registry
}

func newRegistryTemplate(reg *Registry) *registryTemplate {
	return &registryTemplate{reg: reg}
}

// instantiate returns a registry that reads the template's kinds and
// tables until it changes: most clusters never register a kind, so
// copying the tables for each of them would be wasted. The KindInfo
// values stay shared even then, since a registered kind is never changed.
func (t *registryTemplate) instantiate() *Registry {
	src := t.reg
	return &Registry{
		kinds:   slices.Clip(src.kinds),
		byGVK:   src.byGVK,
		byGR:    src.byGR,
		byGK:    src.byGK,
		aliases: src.aliases,
		shared:  true,
	}
}

// ownTables gives a registry tables of its own before it changes them,
// if they are still a template's. Every list is clipped, so that
// Register, which appends to lists, copies a list before changing it
// instead of writing into the template's spare capacity.
func (r *Registry) ownTables() {
	if !r.shared {
		return
	}
	r.shared = false
	r.kinds = slices.Clip(r.kinds)
	r.byGVK = maps.Clone(r.byGVK)
	r.byGR = cloneLists(r.byGR)
	r.byGK = cloneLists(r.byGK)
	r.aliases = cloneLists(r.aliases)
}

func cloneLists[K comparable](src map[K][]*KindInfo) map[K][]*KindInfo {
	dst := make(map[K][]*KindInfo, len(src))
	for key, l := range src {
		dst[key] = slices.Clip(l)
	}
	return dst
}
