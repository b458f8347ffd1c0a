package cache

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Indexer is the informer's local cache: objects by key
// (MetaNamespaceKeyFunc) with secondary indexes, as client-go's
// threadSafeMap behind cache.Indexer (tools/cache/thread_safe_store.go).
// It is used from the loop's goroutine only. Listing methods return
// objects in the order they entered the cache.
type Indexer struct {
	items map[string]*entry // nil until the first object is cached
	all   entryList
	// defs are the indexes, sorted by name, for a deterministic update
	// order; slots is how many of them keep their values in each entry.
	defs  []indexDef
	slots int
	// nsDef backs defs while the namespace index is its only index, as
	// on most informers.
	nsDef [1]indexDef
	// spare and spareVals are blocks the next entries and their index
	// values are taken from (see reserve).
	spare     []entry
	spareVals [][]string
}

// NewIndexer returns an empty cache with the given indexes.
func NewIndexer(indexers Indexers) *Indexer {
	c := &Indexer{}
	if err := c.AddIndexers(indexers); err != nil {
		panic(err) // cannot happen on an empty cache with fresh names
	}
	return c
}

// initNamespaceIndex gives the zero Indexer c, which stays where it is,
// the namespace index (MetaNamespaceIndexFunc), the one every informer
// has. Since an entry's key holds its namespace, the index is kept
// without calling the function again on every update.
func (c *Indexer) initNamespaceIndex() {
	c.nsDef[0] = indexDef{name: NamespaceIndex, fn: MetaNamespaceIndexFunc, byNamespace: true, slot: -1}
	c.defs = c.nsDef[:]
}

// Len returns the number of cached objects.
func (c *Indexer) Len() int { return len(c.items) }

// Add stores obj under its key, replacing what was there.
func (c *Indexer) Add(obj *object.Object) { c.put(obj) }

// Update stores obj under its key, replacing what was there.
func (c *Indexer) Update(obj *object.Object) { c.put(obj) }

// Delete removes obj's key.
func (c *Indexer) Delete(obj *object.Object) {
	if e, ok := c.entryOf(obj); ok {
		c.remove(e)
	}
}

// DeleteKey removes key; it reports whether it was present.
func (c *Indexer) DeleteKey(key string) bool {
	e, ok := c.items[key]
	if !ok {
		return false
	}
	c.remove(e)
	return true
}

// remove drops a cached entry from the indexes and the cache. The entry
// is cleared: it may share a block with live ones (see newEntry), which
// must not keep its object alive.
func (c *Indexer) remove(e *entry) {
	c.unindex(e)
	delete(c.items, e.key)
	c.all.remove(e)
	*e = entry{}
}

// reserve readies the empty cache for the n objects of a first LIST: the
// map and the insertion order are sized once, and the entries and their
// index values come from one block.
func (c *Indexer) reserve(n int) {
	if n == 0 {
		return
	}
	if c.items == nil {
		c.items = make(map[string]*entry, n)
	}
	c.all.list = slices.Grow(c.all.list, n)
	c.refill(n)
}

// maxEntryBlock is the most entries a growing cache takes at once.
const maxEntryBlock = 32

// refill makes spare a block of n entries, and spareVals room for their
// index values.
func (c *Indexer) refill(n int) {
	c.spare = make([]entry, n)
	if c.slots > 0 {
		c.spareVals = make([][]string, n*c.slots)
	}
}

// newEntry returns a zero entry with room for its index values. Entries
// come in blocks, of an eighth of the cache's size up to maxEntryBlock,
// so a cache filled by watch events does not allocate each; a removed
// entry is cleared and only its block's memory waits for the others.
func (c *Indexer) newEntry() *entry {
	if len(c.spare) == 0 {
		c.refill(min(max(len(c.items)/8, 1), maxEntryBlock))
	}
	e := &c.spare[0]
	c.spare = c.spare[1:]
	if n := c.slots; n > 0 {
		if len(c.spareVals) >= n {
			// Capped, so an index added later grows the entry's own copy.
			e.vals, c.spareVals = c.spareVals[:n:n], c.spareVals[n:]
		} else {
			e.vals = make([][]string, n)
		}
	}
	return e
}

// put stores obj and returns its entry.
func (c *Indexer) put(obj *object.Object) *entry {
	if e, ok := c.entryOf(obj); ok {
		c.replace(e, obj)
		return e
	}
	return c.insert(obj.Key(), obj)
}

// entryOf returns the entry cached under obj's key, without allocating
// the key.
func (c *Indexer) entryOf(obj *object.Object) (*entry, bool) {
	if obj.Meta.Namespace == "" {
		e, ok := c.items[obj.Meta.Name]
		return e, ok
	}
	var buf [64]byte
	k := append(append(append(buf[:0], obj.Meta.Namespace...), '/'), obj.Meta.Name...)
	e, ok := c.items[string(k)]
	return e, ok
}

// insert caches obj, new to the cache, under key.
func (c *Indexer) insert(key string, obj *object.Object) *entry {
	e := c.newEntry()
	e.key, e.obj = key, obj
	if c.items == nil {
		c.items = map[string]*entry{}
	}
	c.items[key] = e
	c.all.add(e)
	c.index(e, obj, true)
	return e
}

// replace makes obj the object of a cached entry.
func (c *Indexer) replace(e *entry, obj *object.Object) {
	e.obj = obj
	c.index(e, obj, false)
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
