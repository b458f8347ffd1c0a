package cache

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// SyncedPollPeriod is how often WaitForCacheSync looks at the informers
// (k8s.io/client-go/tools/cache/shared_informer.go, syncedPollPeriod).
const SyncedPollPeriod = 100 * time.Millisecond

// Waiter is a WaitForCacheSync in progress.
type Waiter struct {
	loop   *sim.Loop
	synced func() bool
	then   func()
	timer  *sim.Timer
}

// WaitForCacheSync calls then once synced reports true: at once when it
// does already, else at the first of the checks every SyncedPollPeriod
// that finds it so, as a controller's Run waits for its informers before
// it starts its workers. Stop gives up.
func WaitForCacheSync(loop *sim.Loop, synced func() bool, then func()) *Waiter {
	w := &Waiter{loop: loop, synced: synced, then: then}
	w.check()
	return w
}

func (w *Waiter) check() {
	w.timer = nil
	if !w.synced() {
		w.timer = w.loop.After(SyncedPollPeriod, w.check)
		return
	}
	w.then()
}

// Stop cancels the wait; then is not called. Stopping a nil or finished
// Waiter does nothing.
func (w *Waiter) Stop() {
	if w != nil && w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
}

// ObjectHandler calls fn with the object of every add, update (the new
// state) and delete (the final state, or the last known one from a
// tombstone), for controllers that only need to know which object
// changed.
func ObjectHandler(fn func(*object.Object)) ResourceEventHandlerFuncs {
	return ResourceEventHandlerFuncs{
		AddFunc:    fn,
		UpdateFunc: func(_, n *object.Object) { fn(n) },
		DeleteFunc: func(o any) {
			if obj, ok := ObjectOf(o); ok {
				fn(obj)
			}
		},
	}
}
