package record

// lru is a bounded map that forgets its least recently used key, as
// k8s.io/utils/lru (golang/groupcache's) does for the correlator's caches.
// Its entries form their own ring, so a new key costs one allocation, and
// values are reached through a pointer, so a caller reads and updates one
// in a single look-up. The zero lru with max set is ready to use.
type lru[V any] struct {
	max   int
	items map[string]*lruEntry[V]
	ring  lruEntry[V] // the ring's anchor: next is the most recently used
}

type lruEntry[V any] struct {
	key        string
	value      V
	prev, next *lruEntry[V]
}

// get returns the value of key and marks it used.
func (c *lru[V]) get(key string) (V, bool) {
	if e, ok := c.items[key]; ok {
		c.toFront(e)
		return e.value, true
	}
	var zero V
	return zero, false
}

// add stores value under key, forgetting the oldest key when full.
func (c *lru[V]) add(key string, value V) {
	v, _ := c.entry(key)
	*v = value
}

// entry returns where the value of key is kept and marks it used; a key
// not there is added with the zero value (forgetting the oldest key when
// full), and found is false. It is get followed by add in one look-up.
func (c *lru[V]) entry(key string) (value *V, found bool) {
	if e, ok := c.items[key]; ok {
		c.toFront(e)
		return &e.value, true
	}
	if c.items == nil {
		c.items = map[string]*lruEntry[V]{}
		c.ring.prev, c.ring.next = &c.ring, &c.ring
	}
	e := &lruEntry[V]{key: key}
	c.link(e)
	c.items[key] = e
	if len(c.items) > c.max {
		oldest := c.ring.prev
		c.unlink(oldest)
		delete(c.items, oldest.key)
	}
	return &e.value, false
}

// toFront marks e the most recently used.
func (c *lru[V]) toFront(e *lruEntry[V]) {
	if c.ring.next != e {
		c.unlink(e)
		c.link(e)
	}
}

// link puts e at the front of the ring.
func (c *lru[V]) link(e *lruEntry[V]) {
	e.prev, e.next = &c.ring, c.ring.next
	c.ring.next.prev = e
	c.ring.next = e
}

func (c *lru[V]) unlink(e *lruEntry[V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}
