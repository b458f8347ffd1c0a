package cache

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// indexDef is one index of an Indexer.
type indexDef struct {
	name string
	fn   IndexFunc
	idx  index
	// byNamespace marks the namespace index of initNamespaceIndex: an
	// entry's value is its namespace, which its key fixes for its whole
	// life, so it is indexed once when cached and never recomputed.
	byNamespace bool
	// slot is where each entry keeps the values it is indexed under, so
	// an update compares the new values with them instead of computing
	// the old object's again (-1 for the namespace index).
	slot int
}

// GetIndexers returns the index functions.
func (c *Indexer) GetIndexers() Indexers {
	out := make(Indexers, len(c.defs))
	for _, d := range c.defs {
		out[d.name] = d.fn
	}
	return out
}

// AddIndexers adds indexes, computing them for the objects already cached
// (as newer client-go allows). A name already in use is an error.
func (c *Indexer) AddIndexers(indexers Indexers) error {
	names := make([]string, 0, len(indexers))
	for name := range indexers {
		if c.def(name) != nil {
			return fmt.Errorf("indexer conflict: %v", []string{name})
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		d := indexDef{name: name, fn: indexers[name], slot: c.slots}
		c.slots++
		c.all.each(func(e *entry) bool {
			vals, _ := d.fn(e.obj)
			e.vals = append(e.vals, vals)
			for _, v := range vals {
				d.idx.add(v, e)
			}
			return true
		})
		at, _ := slices.BinarySearchFunc(c.defs, name, func(d indexDef, name string) int { return strings.Compare(d.name, name) })
		c.defs = slices.Insert(c.defs, at, d)
	}
	return nil
}

// def returns the named index, or nil.
func (c *Indexer) def(name string) *indexDef {
	for i := range c.defs {
		if c.defs[i].name == name {
			return &c.defs[i]
		}
	}
	return nil
}

// index indexes e under the values of cur, its new object (isNew: new to
// the cache), moving it from the values it was indexed under, skipping
// the common case where a single value does not change
// (thread_safe_store.go, updateSingleIndex).
func (c *Indexer) index(e *entry, cur *object.Object, isNew bool) {
	for i := range c.defs {
		d := &c.defs[i]
		if d.byNamespace {
			if isNew {
				d.idx.addNew(cur.Meta.Namespace, e)
			}
			continue
		}
		oldVals := e.vals[d.slot]
		curVals, _ := d.fn(cur)
		e.vals[d.slot] = curVals
		if len(oldVals) == 1 && len(curVals) == 1 && oldVals[0] == curVals[0] {
			continue
		}
		for _, v := range oldVals {
			if !slices.Contains(curVals, v) {
				d.idx.remove(v, e)
			}
		}
		for _, v := range curVals {
			d.idx.add(v, e)
		}
	}
}

// unindex removes e from every index.
func (c *Indexer) unindex(e *entry) {
	for i := range c.defs {
		d := &c.defs[i]
		if d.byNamespace {
			d.idx.remove(e.obj.Meta.Namespace, e)
			continue
		}
		for _, v := range e.vals[d.slot] {
			d.idx.remove(v, e)
		}
		e.vals[d.slot] = nil
	}
}
