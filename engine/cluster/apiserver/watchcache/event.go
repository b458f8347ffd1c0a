package watchcache

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Event is one change in a cacher's history (watchCacheEvent).
type Event struct {
	// Type is trace.Added, trace.Modified or trace.Deleted.
	Type trace.WatchType
	Key  string
	// Object is the object after the change; for a delete, its last state
	// with metadata.resourceVersion set to the revision of the delete.
	Object *object.Object
	// Prev is the object before the change, nil for an add.
	Prev *object.Object
	// RV is the store revision of the change.
	RV int64
	// At is when the cacher recorded it.
	At sim.Time
}

// Delivery is what a watcher receives: a watch event, or the end of the
// stream.
type Delivery struct {
	Type   trace.WatchType
	Object *object.Object
	// Err is set for trace.Error events: the *api.Status of the failure.
	Err error
}

// Sink receives a watcher's deliveries, in order, from the sim loop.
// Close is called once when the server ends the stream (after an ERROR
// event, at the watch's deadline, when the cacher stops); err is nil at a
// deadline. Neither is called after the watcher's own Stop.
type Sink interface {
	Send(d Delivery)
	Close(err error)
}
