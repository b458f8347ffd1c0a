package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// The informer is its reflector's store. Each method is what client-go's
// DeltaFIFO queues followed by what sharedIndexInformer.HandleDeltas and
// processDeltas do with it (tools/cache/delta_fifo.go, controller.go,
// shared_informer.go), done at once.

// Replace applies a LIST: every listed object is added or updated, then
// every cached object the list lacks is deleted with a
// DeletedFinalStateUnknown tombstone carrying its last known state.
func (s *SharedInformer) Replace(items []*object.Object, _ string) {
	initial := !s.synced
	s.epoch++
	if s.indexer.Len() == 0 {
		s.indexer.reserve(len(items))
	}
	for _, o := range items {
		s.upsert(o, initial).epoch = s.epoch
	}
	if s.indexer.Len() > len(items) {
		var gone []*entry
		s.indexer.all.each(func(e *entry) bool {
			if e.epoch != s.epoch {
				gone = append(gone, e)
			}
			return true
		})
		for _, e := range gone {
			tombstone := DeletedFinalStateUnknown{Key: e.key, Obj: e.obj}
			s.indexer.remove(e)
			s.distributeDelete(tombstone)
		}
	}
	s.synced = true
}

// Add applies an ADDED event.
func (s *SharedInformer) Add(obj *object.Object) { s.upsert(obj, false) }

// Update applies a MODIFIED event.
func (s *SharedInformer) Update(obj *object.Object) { s.upsert(obj, false) }

// Delete applies a DELETED event. A key the cache does not hold is
// ignored: a relist already reported its deletion.
func (s *SharedInformer) Delete(obj *object.Object) {
	e, ok := s.indexer.entryOf(obj)
	if !ok {
		return
	}
	s.indexer.remove(e)
	s.distributeDelete(obj)
}

// Resync re-delivers every cached object, as an update of itself, to the
// handlers due for a resync.
func (s *SharedInformer) Resync() {
	s.indexer.Range(func(obj *object.Object) bool {
		s.distributeUpdate(obj, obj)
		return true
	})
}

// upsert is processDeltas for Added, Updated, Replaced and Sync: an update
// when the key is cached, an add otherwise.
func (s *SharedInformer) upsert(obj *object.Object, initial bool) *entry {
	if e, ok := s.indexer.entryOf(obj); ok {
		old := e.obj
		s.indexer.replace(e, obj)
		s.distributeUpdate(old, obj)
		return e
	}
	e := s.indexer.insert(obj.Key(), obj)
	for i := 0; i < len(s.handlers); i++ {
		s.handlers[i].handler.OnAdd(obj, initial)
	}
	return e
}

// distributeUpdate sends an update to every handler, or, when the
// resourceVersion did not change (a resync, or a relist of an unchanged
// object), only to the handlers that are syncing.
func (s *SharedInformer) distributeUpdate(old, cur *object.Object) {
	isSync := old.Meta.ResourceVersion == cur.Meta.ResourceVersion
	for i := 0; i < len(s.handlers); i++ {
		if r := s.handlers[i]; !isSync || r.syncing {
			r.handler.OnUpdate(old, cur)
		}
	}
}

func (s *SharedInformer) distributeDelete(obj any) {
	for i := 0; i < len(s.handlers); i++ {
		s.handlers[i].handler.OnDelete(obj)
	}
}
