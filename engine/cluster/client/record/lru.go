package record

import "container/list"

// lru is a bounded map that forgets its least recently used key, as
// k8s.io/utils/lru (golang/groupcache's) does for the correlator's caches.
type lru[V any] struct {
	max   int
	order *list.List // front: most recently used
	items map[string]*list.Element
}

type lruEntry[V any] struct {
	key   string
	value V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, order: list.New(), items: map[string]*list.Element{}}
}

// get returns the value of key and marks it used.
func (c *lru[V]) get(key string) (V, bool) {
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[V]).value, true
	}
	var zero V
	return zero, false
}

// add stores value under key, forgetting the oldest key when full.
func (c *lru[V]) add(key string, value V) {
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		e.Value.(*lruEntry[V]).value = value
		return
	}
	c.items[key] = c.order.PushFront(&lruEntry[V]{key, value})
	if c.order.Len() > c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.items, oldest.Value.(*lruEntry[V]).key)
	}
}
