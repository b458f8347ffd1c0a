package cache

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func (c *Indexer) lookup(name string) (index, error) {
	d := c.def(name)
	if d == nil {
		// thread_safe_store.go words it so.
		return nil, fmt.Errorf("Index with name %s does not exist", name)
	}
	return d.idx, nil
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
	vals, err := c.def(name).fn(obj)
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
	var idx index
	if d := c.def(name); d != nil {
		idx = d.idx
	}
	out := make([]string, 0, len(idx))
	for v := range idx {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
