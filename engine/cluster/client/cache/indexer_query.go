package cache

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// index moves e from the values old is indexed under to those cur is
// (either may be nil), skipping the common case where a single value does
// not change (thread_safe_store.go, updateSingleIndex).
func (c *Indexer) index(e *entry, old, cur *object.Object) {
	for _, name := range c.names {
		fn, idx := c.indexers[name], c.indices[name]
		var oldVals, curVals []string
		if old != nil {
			oldVals, _ = fn(old)
		}
		if cur != nil {
			curVals, _ = fn(cur)
		}
		if len(oldVals) == 1 && len(curVals) == 1 && oldVals[0] == curVals[0] {
			continue
		}
		for _, v := range oldVals {
			if !slices.Contains(curVals, v) {
				idx.remove(v, e)
			}
		}
		for _, v := range curVals {
			idx.add(v, e)
		}
	}
}

func (c *Indexer) unindex(e *entry, old *object.Object) { c.index(e, old, nil) }

func (c *Indexer) lookup(name string) (index, error) {
	idx, ok := c.indices[name]
	if !ok {
		// thread_safe_store.go words it so.
		return nil, fmt.Errorf("Index with name %s does not exist", name)
	}
	return idx, nil
}

// ByIndex returns the objects indexed under value in the named index.
func (c *Indexer) ByIndex(name, value string) ([]*object.Object, error) {
	idx, err := c.lookup(name)
	if err != nil {
		return nil, err
	}
	s := idx[value]
	if s == nil {
		return nil, nil
	}
	out := make([]*object.Object, 0, s.len())
	s.each(func(e *entry) bool { out = append(out, e.obj); return true })
	return out, nil
}

// RangeIndex calls fn for every object indexed under value until fn
// returns false, without allocating.
func (c *Indexer) RangeIndex(name, value string, fn func(obj *object.Object) bool) error {
	idx, err := c.lookup(name)
	if err != nil {
		return err
	}
	if s := idx[value]; s != nil {
		s.each(func(e *entry) bool { return fn(e.obj) })
	}
	return nil
}

// IndexKeys returns the keys indexed under value in the named index.
func (c *Indexer) IndexKeys(name, value string) ([]string, error) {
	idx, err := c.lookup(name)
	if err != nil {
		return nil, err
	}
	s := idx[value]
	if s == nil {
		return nil, nil
	}
	out := make([]string, 0, s.len())
	s.each(func(e *entry) bool { out = append(out, e.key); return true })
	return out, nil
}

// Index returns the objects that share any value of the named index with
// obj, each once.
func (c *Indexer) Index(name string, obj *object.Object) ([]*object.Object, error) {
	idx, err := c.lookup(name)
	if err != nil {
		return nil, err
	}
	vals, err := c.indexers[name](obj)
	if err != nil {
		return nil, err
	}
	var out []*object.Object
	seen := map[*entry]bool{}
	for _, v := range vals {
		if s := idx[v]; s != nil {
			s.each(func(e *entry) bool {
				if !seen[e] {
					seen[e] = true
					out = append(out, e.obj)
				}
				return true
			})
		}
	}
	return out, nil
}

// ListIndexFuncValues returns the values the named index holds, sorted.
func (c *Indexer) ListIndexFuncValues(name string) []string {
	idx := c.indices[name]
	out := make([]string, 0, len(idx))
	for v := range idx {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
