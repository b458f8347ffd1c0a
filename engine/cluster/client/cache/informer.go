package cache

import (
	"errors"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// SharedInformer is one cache and one watch shared by several handlers
// (tools/cache/shared_informer.go, sharedIndexInformer). It is created
// stopped; Run starts its reflector.
type SharedInformer struct {
	indexer Indexer // in the informer itself: one allocation less for each
	// lw holds the informer's client, kind and filter, and is what its
	// reflector lists and watches through.
	lw ListWatch

	// reflector is in the informer too, set up by Run.
	reflector Reflector
	handlers  []*Registration
	// first is the first handler's registration, and handlerSlots the
	// first backing of handlers, kept in the informer: most informers
	// have one or two handlers. first is used once only, so a removed
	// registration never comes back to life.
	first        Registration
	handlerSlots [2]*Registration

	resyncCheckPeriod, defaultResync time.Duration
	watchErrorHandler                func(err error)

	started, stopped, synced bool
	// epoch counts the LISTs applied (Replace), which mark the entries
	// they see: 32 bits, beside the flags, keep the informer in a
	// smaller size class, and no run relists four billion times.
	epoch uint32
}

// NewSharedInformer returns an informer for kind through c, narrowed by
// filter, with the namespace index. Handlers added without a period
// resync every defaultResync (0: never).
func NewSharedInformer(c *client.Client, kind *object.KindInfo, filter Filter, defaultResync time.Duration) *SharedInformer {
	s := &SharedInformer{lw: ListWatch{Client: c, Kind: kind, Filter: filter},
		resyncCheckPeriod: defaultResync, defaultResync: defaultResync}
	s.indexer.initNamespaceIndex()
	return s
}

// Kind returns the kind the informer caches.
func (s *SharedInformer) Kind() *object.KindInfo { return s.lw.Kind }

// Filter returns the informer's filter.
func (s *SharedInformer) Filter() Filter { return s.lw.Filter }

// Indexer returns the cache. Only the informer writes to it.
func (s *SharedInformer) Indexer() *Indexer { return &s.indexer }

// Lister returns a lister over the cache.
func (s *SharedInformer) Lister() Lister { return Lister{indexer: &s.indexer} }

// AddIndexers adds indexes to the cache, before or after Run.
func (s *SharedInformer) AddIndexers(indexers Indexers) error {
	if s.stopped {
		return errors.New("indexer was not added because it has stopped already")
	}
	return s.indexer.AddIndexers(indexers)
}

// SetWatchErrorHandler sets the function told about failed lists and
// watches; it must be called before Run.
func (s *SharedInformer) SetWatchErrorHandler(h func(err error)) error {
	if s.started {
		return errors.New("informer has already started")
	}
	s.watchErrorHandler = h
	return nil
}

// Run starts the informer: its first LIST is sent at once. Running twice
// does nothing.
func (s *SharedInformer) Run() {
	if s.started || s.stopped {
		return
	}
	s.started = true
	r := &s.reflector
	r.init(&s.lw, s.lw.Kind, s, s.lw.Client)
	r.ResyncPeriod = s.resyncCheckPeriod
	r.informer = s
	r.WatchErrorHandler = s.watchErrorHandler
	r.Run()
}

// Stop stops the reflector; the cache keeps its content and no handler is
// called again.
func (s *SharedInformer) Stop() {
	s.stopped = true
	if s.started {
		s.reflector.Stop()
	}
}

// HasStarted reports whether Run was called.
func (s *SharedInformer) HasStarted() bool { return s.started }

// IsStopped reports whether Stop was called.
func (s *SharedInformer) IsStopped() bool { return s.stopped }

// HasSynced reports whether the first LIST has been applied and delivered.
func (s *SharedInformer) HasSynced() bool { return s.synced }

// LastSyncResourceVersion is the resourceVersion of the last list or event.
func (s *SharedInformer) LastSyncResourceVersion() string {
	return s.reflector.LastSyncResourceVersion()
}
