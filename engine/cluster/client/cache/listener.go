package cache

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// minimumResyncPeriod is the shortest resync a handler may ask for
// (tools/cache/shared_informer.go).
const minimumResyncPeriod = time.Second

// Registration is a handler added to an informer
// (ResourceEventHandlerRegistration); remove it with RemoveEventHandler.
type Registration struct {
	informer *SharedInformer
	handler  ResourceEventHandler
	// requested is the resync period asked for; period the one in force
	// (0 when the informer does not resync).
	requested, period time.Duration
	nextResync        sim.Time
	// syncing says whether resync notifications reach this handler. It
	// starts true and is recomputed only when the reflector asks whether
	// to resync, as sharedProcessor's listeners map does.
	syncing bool
	removed bool
}

// HasSynced reports whether the informer has synced and every object of
// the initial list has been delivered to this handler.
func (r *Registration) HasSynced() bool { return !r.removed && r.informer.HasSynced() }

// determineResyncPeriod is shared_informer.go's: a handler cannot resync
// more often than the informer checks, nor at all when it never checks.
func determineResyncPeriod(desired, check time.Duration) time.Duration {
	switch {
	case desired == 0:
		return 0
	case check == 0:
		return 0
	case desired < check:
		return check
	}
	return desired
}

// shouldResync is processorListener.shouldResync.
func (r *Registration) shouldResync(now sim.Time) bool {
	return r.period != 0 && now >= r.nextResync
}
