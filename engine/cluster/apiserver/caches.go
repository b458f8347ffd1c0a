package apiserver

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// cacheKey names a resource, whatever its versions.
type cacheKey struct{ group, resource string }

// lastCache is the cache cacheFor found last for kind, kept while the
// plane's caches stay as they were (Plane.cacheEpoch): a run's requests
// come in runs of one resource, and the lookup hashes two strings.
type lastCache struct {
	kind  *object.KindInfo
	epoch uint64
	c     *cache
}

// cache is one replica's watch cache of one resource, with the store watch
// that feeds it.
type cache struct {
	s    *Server
	kind *object.KindInfo
	// prefix is the resource's store prefix, which the cache lists and
	// watches.
	prefix string
	c      *watchcache.Cacher
	w      *store.Watcher[*object.Object]
	ready  bool
}

// addCache creates and loads the cache of k's resource, as kube-apiserver
// creates a cacher for every resource at start (and for a custom resource
// when its CRD is established).
func (s *Server) addCache(k *object.KindInfo) {
	if k.BodyOnly || !k.HasVerb("watch") {
		return
	}
	key := cacheKey{k.Group, k.Resource}
	if _, ok := s.caches[key]; ok {
		return
	}
	if pref, ok := s.p.cfg.Registry.ByResource(k.Group, k.Resource); ok {
		k = pref
	}
	prefix := s.p.prefixes.resource(k)
	c := &cache{s: s, kind: k, prefix: prefix, c: watchcache.New(watchcache.Config{
		Loop:       s.p.cfg.Loop,
		Prefix:     prefix,
		APIVersion: k.APIVersion(),
		Kind:       k.Kind,
		Latency:    s.p.cfg.WatchLatency,
		Progress:   s.p.storeRev(),
	})}
	s.caches[key] = c
	s.p.cacheEpoch++
	c.load()
}

// storeRev is the store's Rev, as one func value that every cache's
// Progress shares.
func (p *Plane) storeRev() func() int64 {
	if p.rev == nil {
		p.rev = p.cfg.Store.Rev
	}
	return p.rev
}

// load lists the resource from the store and watches it from the next
// revision. It does nothing while the store is unreachable: the cache
// stays not ready and is loaded on its next use.
func (c *cache) load() {
	if c.ready {
		return
	}
	st := c.s.p.cfg.Store
	prefix := c.prefix
	res, err := st.RangePrefix(prefix, store.RangeOptions{})
	if err != nil {
		return
	}
	c.c.Replace(res.KVs, res.Revision)
	w, err := st.Watch(prefix, res.Revision+1, c.c)
	if err != nil {
		return
	}
	c.w, c.ready = w, true
	c.s.p.cacheEpoch++
	c.s.p.cfg.Trace.Append(trace.Event{Time: c.s.p.cfg.Loop.Now(), From: c.s.name, To: trace.Etcd, Verb: trace.Watch,
		Group: c.kind.Group, Resource: c.kind.Resource, RVAfter: formatRV(res.Revision), Detail: "watch cache"})
}

// close ends the cache's watchers with err and its store watch.
func (c *cache) close(err error) {
	if c.w != nil {
		c.w.Cancel()
	}
	c.c.Stop(err)
}

// loadCaches loads the caches that could not load before.
func (s *Server) loadCaches() {
	for _, key := range sortedCacheKeys(s.caches) {
		s.caches[key].load()
	}
}

// dropCache removes the cache of a resource that is no longer served (a
// deleted CRD); its watchers end with err.
func (s *Server) dropCache(group, resource string, err error) {
	key := cacheKey{group, resource}
	if c := s.caches[key]; c != nil {
		c.close(err)
		delete(s.caches, key)
		s.p.cacheEpoch++
	}
}

// cacheFor returns the loaded cache of k's resource, or the 429 of a cache
// that cannot load yet.
func (s *Server) cacheFor(k *object.KindInfo) (*watchcache.Cacher, *api.Status) {
	var c *cache
	if l := &s.lastCache; l.kind == k && l.epoch == s.p.cacheEpoch {
		c = l.c
	} else {
		key := cacheKey{k.Group, k.Resource}
		if c = s.caches[key]; c == nil {
			s.addCache(k)
			if c = s.caches[key]; c == nil {
				return nil, notReady()
			}
		}
		*l = lastCache{k, s.p.cacheEpoch, c}
	}
	c.load()
	if !c.ready {
		return nil, notReady()
	}
	return c.c, nil
}

func sortedCacheKeys(m map[cacheKey]*cache) []cacheKey {
	keys := make([]cacheKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b cacheKey) int {
		if a.group != b.group {
			if a.group < b.group {
				return -1
			}
			return 1
		}
		if a.resource < b.resource {
			return -1
		}
		if a.resource > b.resource {
			return 1
		}
		return 0
	})
	return keys
}
