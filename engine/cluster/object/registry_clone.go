package object

// registryTemplate is a registry that is copied instead of being built
// again kind by kind. The template itself is never changed.
type registryTemplate struct {
	reg *Registry
	// index is the position of each of reg's kinds in reg.kinds.
	index map[*KindInfo]int
	// listed counts the entries of every list in reg's tables.
	listed int
}

func newRegistryTemplate(reg *Registry) *registryTemplate {
	t := &registryTemplate{reg: reg, index: make(map[*KindInfo]int, len(reg.kinds))}
	for i, k := range reg.kinds {
		t.index[k] = i
	}
	for _, l := range reg.byGR {
		t.listed += len(l)
	}
	for _, l := range reg.byGK {
		t.listed += len(l)
	}
	for _, l := range reg.aliases {
		t.listed += len(l)
	}
	return t
}

// instantiate returns a registry of its own, as registering the template's
// kinds in order into a new registry would: each KindInfo is a copy, and
// every list is a clipped window of one array, so that Register, which
// appends to lists, copies a list before changing it.
func (t *registryTemplate) instantiate() *Registry {
	src := t.reg
	infos := make([]KindInfo, len(src.kinds))
	kinds := make([]*KindInfo, len(src.kinds))
	for i, k := range src.kinds {
		infos[i] = *k
		kinds[i] = &infos[i]
	}
	r := &Registry{kinds: kinds, byGVK: make(map[gvk]*KindInfo, len(src.byGVK))}
	for key, k := range src.byGVK {
		r.byGVK[key] = kinds[t.index[k]]
	}
	c := listCopier{template: t, kinds: kinds, arena: make([]*KindInfo, 0, t.listed)}
	r.byGR = copyLists(&c, src.byGR)
	r.byGK = copyLists(&c, src.byGK)
	r.aliases = copyLists(&c, src.aliases)
	return r
}

// listCopier copies the template's lists into one array, pointing at the
// copied kinds.
type listCopier struct {
	template *registryTemplate
	kinds    []*KindInfo
	arena    []*KindInfo
}

func (c *listCopier) copy(l []*KindInfo) []*KindInfo {
	start := len(c.arena)
	for _, k := range l {
		c.arena = append(c.arena, c.kinds[c.template.index[k]])
	}
	return c.arena[start:len(c.arena):len(c.arena)]
}

func copyLists[K comparable](c *listCopier, src map[K][]*KindInfo) map[K][]*KindInfo {
	dst := make(map[K][]*KindInfo, len(src))
	for key, l := range src {
		dst[key] = c.copy(l)
	}
	return dst
}
