package cache

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Indexer is the informer's local cache: objects by key
// (MetaNamespaceKeyFunc) with secondary indexes, as client-go's
// threadSafeMap behind cache.Indexer (tools/cache/thread_safe_store.go).
// It is used from the loop's goroutine only. Listing methods return
// objects in the order they entered the cache.
type Indexer struct {
	items    map[string]*entry
	all      entryList
	indexers Indexers
	indices  map[string]index
	names    []string // index names, sorted, for a deterministic update order
}

// NewIndexer returns an empty cache with the given indexes.
func NewIndexer(indexers Indexers) *Indexer {
	c := &Indexer{items: map[string]*entry{}, indexers: Indexers{}, indices: map[string]index{}}
	if err := c.AddIndexers(indexers); err != nil {
		panic(err) // cannot happen on an empty cache with fresh names
	}
	return c
}

// Len returns the number of cached objects.
func (c *Indexer) Len() int { return len(c.items) }

// Add stores obj under its key, replacing what was there.
func (c *Indexer) Add(obj *object.Object) { c.put(obj) }

// Update stores obj under its key, replacing what was there.
func (c *Indexer) Update(obj *object.Object) { c.put(obj) }

// Delete removes obj's key.
func (c *Indexer) Delete(obj *object.Object) { c.DeleteKey(obj.Key()) }

// DeleteKey removes key; it reports whether it was present.
func (c *Indexer) DeleteKey(key string) bool {
	e, ok := c.items[key]
	if !ok {
		return false
	}
	c.unindex(e, e.obj)
	delete(c.items, key)
	c.all.remove(e)
	return true
}

// put stores obj and returns its entry.
func (c *Indexer) put(obj *object.Object) *entry {
	key := obj.Key()
	e, ok := c.items[key]
	if !ok {
		e = &entry{key: key, obj: obj}
		c.items[key] = e
		c.all.add(e)
		c.index(e, nil, obj)
		return e
	}
	old := e.obj
	e.obj = obj
	c.index(e, old, obj)
	return e
}

// Get returns the object stored under obj's key.
func (c *Indexer) Get(obj *object.Object) (*object.Object, bool) { return c.GetByKey(obj.Key()) }

// GetByKey returns the object stored under key.
func (c *Indexer) GetByKey(key string) (*object.Object, bool) {
	e, ok := c.items[key]
	if !ok {
		return nil, false
	}
	return e.obj, true
}

// List returns every cached object.
func (c *Indexer) List() []*object.Object {
	out := make([]*object.Object, 0, len(c.items))
	c.all.each(func(e *entry) bool { out = append(out, e.obj); return true })
	return out
}

// ListKeys returns every key.
func (c *Indexer) ListKeys() []string {
	out := make([]string, 0, len(c.items))
	c.all.each(func(e *entry) bool { out = append(out, e.key); return true })
	return out
}

// Range calls fn for every cached object until fn returns false, without
// allocating.
func (c *Indexer) Range(fn func(obj *object.Object) bool) {
	c.all.each(func(e *entry) bool { return fn(e.obj) })
}

// GetIndexers returns the index functions.
func (c *Indexer) GetIndexers() Indexers { return c.indexers }

// AddIndexers adds indexes, computing them for the objects already cached
// (as newer client-go allows). A name already in use is an error.
func (c *Indexer) AddIndexers(indexers Indexers) error {
	names := make([]string, 0, len(indexers))
	for name := range indexers {
		if _, ok := c.indexers[name]; ok {
			return fmt.Errorf("indexer conflict: %v", []string{name})
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fn := indexers[name]
		c.indexers[name] = fn
		idx := index{}
		c.indices[name] = idx
		c.all.each(func(e *entry) bool {
			vals, _ := fn(e.obj)
			for _, v := range vals {
				idx.add(v, e)
			}
			return true
		})
	}
	c.names = append(c.names, names...)
	slices.Sort(c.names)
	return nil
}
