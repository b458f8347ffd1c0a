package cache

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Factory shares informers among the controllers of one client, as
// client-go's SharedInformerFactory (k8s.io/client-go/informers/factory.go):
// asking twice for the same resource gives the same informer, so one
// process holds one cache and one watch per resource. client-go keys
// informers by type and applies one filter to the whole factory; here the
// key is the resource and the filter, so a filtered informer (the
// kubelet's Pods with spec.nodeName=NODE) is shared only with identical
// filters.
type Factory struct {
	client        *client.Client
	defaultResync time.Duration
	// order holds the informers in the order they were asked for; a
	// process asks for a few dozen at most, so they are looked up by a
	// scan rather than kept in a map as well.
	order    []*SharedInformer
	shutdown bool
}

// NewFactory returns a factory for c whose informers resync their
// handlers every defaultResync (0: never, the usual choice).
func NewFactory(c *client.Client, defaultResync time.Duration) *Factory {
	return &Factory{client: c, defaultResync: defaultResync}
}

// Informer returns the shared informer for every object of kind.
func (f *Factory) Informer(kind *object.KindInfo) *SharedInformer {
	return f.FilteredInformer(kind, Filter{})
}

// FilteredInformer returns the shared informer for kind narrowed by
// filter.
func (f *Factory) FilteredInformer(kind *object.KindInfo, filter Filter) *SharedInformer {
	for _, s := range f.order {
		if sameResource(s.lw.Kind, kind) && s.lw.Filter == filter {
			return s
		}
	}
	s := NewSharedInformer(f.client, kind, filter, f.defaultResync)
	f.order = append(f.order, s)
	return s
}

// Start runs every informer not yet running, in the order they were asked
// for; informers asked for later need another Start.
func (f *Factory) Start() {
	if f.shutdown {
		return
	}
	for _, s := range f.order {
		s.Run()
	}
}

// HasSynced reports whether every started informer has synced: what
// WaitForCacheSync waits for.
func (f *Factory) HasSynced() bool {
	for _, s := range f.order {
		if s.HasStarted() && !s.HasSynced() {
			return false
		}
	}
	return true
}

// Informers returns the informers, in the order they were asked for.
func (f *Factory) Informers() []*SharedInformer { return f.order }

// Shutdown stops every informer; Start does nothing afterwards.
func (f *Factory) Shutdown() {
	f.shutdown = true
	for _, s := range f.order {
		s.Stop()
	}
}

// sameResource reports whether a and b describe the same group, version
// and resource, even as two KindInfo values.
func sameResource(a, b *object.KindInfo) bool {
	return a == b || (a.Resource == b.Resource && a.Group == b.Group && a.Version == b.Version)
}
