package garbagecollector

// absentOwnerCacheSize is the number of owners known to be absent that
// the collector remembers (NewReferenceCache(500) in graph_builder.go).
const absentOwnerCacheSize = 500

// absentCache is the LRU cache of owners the API server said do not
// exist (uid_cache.go, over k8s.io/utils/lru): the least recently added
// or looked-up reference is forgotten first.
type absentCache struct {
	max   int
	tick  uint64
	items map[objectReference]uint64 // reference -> last use
}

func newAbsentCache(max int) *absentCache {
	return &absentCache{max: max, items: map[objectReference]uint64{}}
}

// add remembers r, forgetting the least recently used reference when full.
func (c *absentCache) add(r objectReference) {
	c.tick++
	if _, ok := c.items[r]; !ok && len(c.items) >= c.max {
		var oldest objectReference
		var at uint64
		first := true
		for k, t := range c.items {
			if first || t < at {
				oldest, at, first = k, t, false
			}
		}
		delete(c.items, oldest)
	}
	c.items[r] = c.tick
}

// has reports whether r is remembered, and counts as a use.
func (c *absentCache) has(r objectReference) bool {
	if _, ok := c.items[r]; !ok {
		return false
	}
	c.tick++
	c.items[r] = c.tick
	return true
}
